import type { ServiceType } from "~/domain/plans/table";

export interface ServiceContent {
  type: ServiceType;
  path: string;
  /** "Followers": the plural noun used in copy and the UPI note. */
  noun: string;
  heading: string;
  title: string;
  description: string;
  intro: string;
  whyChoose: Array<{ title: string; text: string }>;
}

const WHY_SHARED = [
  { title: "No password needed", text: "We only need your public username or post link. Your account stays yours." },
  { title: "Pay by UPI", text: "Scan the QR code or open your UPI app. The price you see is the price you pay." },
];

export const SERVICE_CONTENT: Record<ServiceType, ServiceContent> = {
  followers: {
    type: "followers",
    path: "/followers",
    noun: "Followers",
    heading: "Instagram Followers Packages",
    title: "Buy Instagram Followers in India – packages from 100",
    description:
      "Grow your Instagram audience with follower packages for Indian creators. Enter your username, pick a package, pay by UPI. No password needed.",
    intro: "Enter your Instagram username to see follower packages.",
    whyChoose: [
      { title: "Followers from India", text: "Packages aimed at creators and small businesses in India." },
      ...WHY_SHARED,
      { title: "Track every order", text: "Check progress any time with your order ID and phone number." },
    ],
  },
  likes: {
    type: "likes",
    path: "/likes",
    noun: "Likes",
    heading: "Instagram Likes Packages",
    title: "Buy Instagram Likes in India – for posts and reels",
    description:
      "Get more likes on an Instagram post or reel. Enter your username and post link, pick a package, pay by UPI. No password needed.",
    intro: "Enter your username and the link of the post or reel to see like packages.",
    whyChoose: [
      { title: "Posts and reels", text: "Works on any public post, reel or IGTV video." },
      ...WHY_SHARED,
      { title: "Track every order", text: "Check progress any time with your order ID and phone number." },
    ],
  },
  views: {
    type: "views",
    path: "/views",
    noun: "Views",
    heading: "Instagram Views Packages",
    title: "Buy Instagram Reel Views in India – packages from 1,000",
    description:
      "Push your Instagram reel or IGTV video to more viewers. Paste the link, pick a package, pay by UPI. No password needed.",
    intro: "Paste the link of your reel or IGTV video to see view packages.",
    whyChoose: [
      { title: "Reels and IGTV", text: "Views go to the public reel or IGTV video you link." },
      ...WHY_SHARED,
      { title: "Track every order", text: "Check progress any time with your order ID and phone number." },
    ],
  },
  comments: {
    type: "comments",
    path: "/comments",
    noun: "Comments",
    heading: "Instagram Comments Packages",
    title: "Buy Instagram Comments in India – start the conversation",
    description:
      "Get comments on your Instagram post or reel. Enter your username and post link, pick a package, pay by UPI. No password needed.",
    intro: "Enter your username and the link of the post or reel to see comment packages.",
    whyChoose: [
      { title: "Posts and reels", text: "Comments go to the public post or reel you link." },
      ...WHY_SHARED,
      { title: "Track every order", text: "Check progress any time with your order ID and phone number." },
    ],
  },
};

/** Also accepts the client's data requests for the page ("/followers.data", "/followers/_.data"). */
export function serviceForPath(pathname: string): ServiceContent | undefined {
  const path = pathname.replace(/(\/_)?\.data$/, "").replace(/\/+$/, "");
  return Object.values(SERVICE_CONTENT).find((s) => s.path === path);
}
