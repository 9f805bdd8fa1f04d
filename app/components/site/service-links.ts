export const SERVICE_LINKS = [
  { type: "followers", path: "/followers", label: "Instagram Followers" },
  { type: "likes", path: "/likes", label: "Instagram Likes" },
  { type: "views", path: "/views", label: "Instagram Views" },
  { type: "comments", path: "/comments", label: "Instagram Comments" },
] as const;
