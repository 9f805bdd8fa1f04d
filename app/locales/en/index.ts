import checkout from "./checkout";
import common from "./common";
import errors from "./errors";
import order from "./order";
import service from "./service";
import track from "./track";

/** The storefront's English texts by feature; the shape every other language must have. */
export const en = { common, service, order, checkout, track, errors };
