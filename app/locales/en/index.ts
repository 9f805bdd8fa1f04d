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

/** The storefront's English texts by feature; the shape every other language must have. */
export const en = { common, home, service, order, checkout, track, updates, policies, receipt, errors };
