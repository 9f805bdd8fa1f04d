import { useTranslation } from "react-i18next";
import { Heart, MessageCircle } from "lucide-react";

const TILES = [
  "from-amber-300 to-pink-500",
  "from-sky-300 to-indigo-500",
  "from-emerald-300 to-teal-600",
  "from-pink-300 to-purple-600",
  "from-orange-300 to-red-500",
  "from-violet-300 to-fuchsia-600",
];

/** An illustration of a profile page, so buyers see which numbers each service moves. */
export function ProfileCard({ brandName }: { brandName: string }) {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="profile-title" className="px-4 py-16">
      <div className="mx-auto grid max-w-5xl items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{t("profile.eyebrow")}</p>
          <h2 id="profile-title" className="mt-1 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
            {t("profile.title")}
          </h2>
          <ul className="mt-5 space-y-3 leading-relaxed text-gray-700">
            <li>
              <strong className="text-ink">{t("profile.followers")}</strong>
              {t("profile.followersText")}
            </li>
            <li>
              <strong className="text-ink">{t("profile.others")}</strong>
              {t("profile.othersText")}
            </li>
            <li>
              <strong className="text-ink">{t("profile.yours")}</strong>
              {t("profile.yoursText", { brand: brandName })}
            </li>
          </ul>
        </div>
        <figure className="mx-auto w-full max-w-sm rounded-3xl border border-gray-200 bg-white p-5 shadow-lg">
          <div className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="ig-ring flex size-20 shrink-0 items-center justify-center rounded-full p-1"
            >
              <span className="size-full rounded-full border-4 border-white bg-gradient-to-br from-brand-100 to-amber-100" />
            </span>
            <dl className="grid flex-1 grid-cols-3 text-center">
              <ProfileStat value="128" label={t("profile.posts")} />
              <ProfileStat value="12.4K" label={t("profile.followersStat")} />
              <ProfileStat value="310" label={t("profile.following")} />
            </dl>
          </div>
          <p className="mt-3 font-bold text-ink">@your.profile</p>
          <p className="text-sm text-gray-700">{t("profile.bio")}</p>
          <div aria-hidden="true" className="mt-3 grid grid-cols-2 gap-2">
            <span className="rounded-lg bg-brand-600 py-1.5 text-center text-sm font-semibold text-white">
              {t("profile.follow")}
            </span>
            <span className="rounded-lg bg-gray-100 py-1.5 text-center text-sm font-semibold text-ink">
              {t("profile.message")}
            </span>
          </div>
          <div aria-hidden="true" className="mt-4 grid grid-cols-3 gap-1">
            {TILES.map((tile) => (
              <span key={tile} className={`aspect-square rounded bg-gradient-to-br ${tile}`} />
            ))}
          </div>
          <div className="mt-3 flex items-center gap-4 text-sm text-gray-700">
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden="true" className="size-4 text-brand-600" /> {t("profile.likes")}
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle aria-hidden="true" className="size-4" /> {t("profile.comments")}
            </span>
          </div>
          <figcaption className="mt-3 text-xs text-gray-600">{t("profile.caption")}</figcaption>
        </figure>
      </div>
    </section>
  );
}

function ProfileStat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-bold text-ink">{value}</dd>
    </div>
  );
}
