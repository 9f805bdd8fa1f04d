import type { Resources } from "~/locales/resources";
import checkout from "./checkout";
import common from "./common";
import errors from "./errors";
import home from "./home";
import order from "./order";
import policies from "./policies";
import receipt from "./receipt";
import service from "./service";
import track from "./track";
import updates from "./updates";

/** The storefront in Hindi, as a buyer in India writes it. */
export const hi = {
  common,
  home,
  service,
  order,
  checkout,
  track,
  updates,
  policies,
  receipt,
  errors,
} satisfies Resources;
