import type { Resources } from "~/lib/i18n/resources";
import checkout from "./checkout";
import common from "./common";
import errors from "./errors";
import order from "./order";
import service from "./service";
import track from "./track";

/** The storefront in Hindi, as a buyer in India writes it. */
export const hi = { common, service, order, checkout, track, errors } satisfies Resources;
