import { CalendarDays } from "lucide-react";
import { useHydrated } from "~/lib/use-hydrated";
import type { CSSProperties } from "react";
import { DayPicker, type DateRange, type Modifiers } from "react-day-picker";
import "react-day-picker/style.css";
import { buttonVariants } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { formatDayLabel } from "~/lib/ist-time";
import { cn } from "~/lib/cn";

const two = (n: number) => String(n).padStart(2, "0");
const toText = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
function toDate(text: string | undefined): Date | undefined {
  const m = text && /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/**
 * The calendar in the shop's colours. The library's stylesheet is unlayered and
 * would beat Tailwind's utilities, so its colour variables are set inline. A
 * focused day gets the brand ring every button has (the global :focus-visible
 * outline in app.css).
 */
const brandColours = {
  "--rdp-accent-color": "var(--color-brand-600)",
  "--rdp-accent-background-color": "var(--color-brand-50)",
  "--rdp-today-color": "var(--color-brand-700)",
} as CSSProperties;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * A day's name for assistive technology, "Thursday, 1 October 2026": the number the button shows is a word
 * of it (WCAG 2.5.3, label in name; the library's "October 1st" is not, for axe-core 4.14).
 */
function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  const label = `${WEEKDAYS[date.getDay()]}, ${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return `${modifiers.today ? "Today, " : ""}${label}${modifiers.selected ? ", selected" : ""}`;
}

/** A calendar range picker on IST calendar dates ("yyyy-MM-dd"), labelled like 'Jan 05, 2025'. */
export function DateRangePicker({
  startDate,
  endDate,
  onChange,
}: {
  startDate?: string;
  endDate?: string;
  onChange: (range: { startDate?: string; endDate?: string }) => void;
}) {
  const selected: DateRange | undefined = startDate ? { from: toDate(startDate), to: toDate(endDate) } : undefined;
  const label = startDate
    ? `${formatDayLabel(startDate)}${endDate ? ` - ${formatDayLabel(endDate)}` : ""}`
    : "Pick a date range";
  // Opens nothing until React runs: disabled until then, so a tap is not lost.
  const running = useHydrated();
  return (
    <Popover>
      <PopoverTrigger
        disabled={!running}
        className={cn(buttonVariants({ variant: "neutral", size: "sm" }), "py-2 font-normal")}
      >
        <CalendarDays className="h-4 w-4 text-gray-600" aria-hidden />
        <span className={startDate ? "" : "text-gray-600"}>{label}</span>
      </PopoverTrigger>
      <PopoverContent>
        <DayPicker
          mode="range"
          style={brandColours}
          labels={{ labelDayButton: dayButtonLabel }}
          selected={selected}
          defaultMonth={selected?.from}
          onSelect={(range) =>
            onChange({
              startDate: range?.from ? toText(range.from) : undefined,
              endDate: range?.to ? toText(range.to) : undefined,
            })
          }
        />
      </PopoverContent>
    </Popover>
  );
}
