import { BUYER_MESSAGE_GROUPS } from "~/domain/buyer-messages/catalogue";

type Texts<T> = { [G in keyof T]: { [K in keyof T[G]]: string } };

/** The buyer's messages as the server and the shared rules write them (app/domain/buyer-messages/catalogue.ts). */
export default BUYER_MESSAGE_GROUPS as Texts<typeof BUYER_MESSAGE_GROUPS>;
