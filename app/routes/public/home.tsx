import { Link } from "react-router";
import type { Route } from "./+types/home";
import { useSiteChrome } from "./layout";
import { formatInr } from "~/lib/money";

const SERVICES = [
  { type: "followers", path: "/followers", title: "Instagram Followers", blurb: "Grow your profile's audience." },
  { type: "likes", path: "/likes", title: "Instagram Likes", blurb: "More likes on a post or reel." },
  { type: "views", path: "/views", title: "Instagram Views", blurb: "Push a reel to more viewers." },
  { type: "comments", path: "/comments", title: "Instagram Comments", blurb: "Start a conversation." },
] as const;

export const meta: Route.MetaFunction = ({ matches }) => {
  const brand = (matches.find((m) => m?.id === "routes/public/layout")?.loaderData as { brandName?: string })
    ?.brandName;
  return [
    { title: `${brand ?? "BoostKaro"} – Instagram followers, likes and views in India` },
    {
      name: "description",
      content:
        "Grow your Instagram in India: followers, likes, views and comments packages paid by UPI. No password needed.",
    },
  ];
};

export default function Home() {
  const { startingPrices: prices } = useSiteChrome();
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 text-center">
        <h1 className="mx-auto max-w-3xl text-3xl font-extrabold sm:text-5xl">
          Grow your Instagram with followers, likes and views from India
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-gray-700">
          Pick a package, pay by UPI, and watch your account grow. No password needed.
        </p>
      </section>
      <section id="services" aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="services-title" className="text-center text-2xl font-bold">
          Our services
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => {
            const from = prices[service.type];
            return (
              <li key={service.type}>
                <Link
                  to={service.path}
                  className="block h-full rounded-2xl border border-gray-200 p-5 shadow-sm transition hover:border-brand-500"
                >
                  <h3 className="text-lg font-semibold">{service.title}</h3>
                  <p className="mt-1 text-gray-600">{service.blurb}</p>
                  {from !== undefined && (
                    <p className="mt-3 font-semibold text-brand-700">{`from ${formatInr(from)}`}</p>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </main>
  );
}
