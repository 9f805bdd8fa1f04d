const track = { title: "Track every order", text: "Check progress any time with your order ID and phone number." };

/** The four service pages: their words, the packages, and step one (the account or post). */
export default {
  followers: {
    noun: "Followers",
    heading: "Instagram Followers Packages",
    title: "Buy Instagram Followers in India – packages from 100",
    description:
      "Grow your Instagram audience with follower packages for Indian creators. Enter your username, pick a package, pay by UPI. No password needed.",
    intro: "Enter your Instagram username to see follower packages.",
    special: { title: "Followers from India", text: "Packages aimed at creators and small businesses in India." },
    track,
  },
  likes: {
    noun: "Likes",
    heading: "Instagram Likes Packages",
    title: "Buy Instagram Likes in India – for posts and reels",
    description:
      "Get more likes on an Instagram post or reel. Enter your username and post link, pick a package, pay by UPI. No password needed.",
    intro: "Enter your username and the link of the post or reel to see like packages.",
    special: { title: "Posts and reels", text: "Works on any public post, reel or IGTV video." },
    track,
  },
  views: {
    noun: "Views",
    heading: "Instagram Views Packages",
    title: "Buy Instagram Reel Views in India – packages from 1,000",
    description:
      "Push your Instagram reel or IGTV video to more viewers. Paste the link, pick a package, pay by UPI. No password needed.",
    intro: "Paste the link of your reel or IGTV video to see view packages.",
    special: { title: "Reels and IGTV", text: "Views go to the public reel or IGTV video you link." },
    track,
  },
  comments: {
    noun: "Comments",
    heading: "Instagram Comments Packages",
    title: "Buy Instagram Comments in India – start the conversation",
    description:
      "Get comments on your Instagram post or reel. Enter your username and post link, pick a package, pay by UPI. No password needed.",
    intro: "Enter your username and the link of the post or reel to see comment packages.",
    special: { title: "Posts and reels", text: "Comments go to the public post or reel you link." },
    track,
  },
  why: {
    heading: "Why Choose Us",
    password: {
      title: "No password needed",
      text: "We only need your public username or post link. Your account stays yours.",
    },
    upi: {
      title: "Pay by UPI",
      text: "Scan the QR code or open your UPI app. The price you see is the price you pay.",
    },
  },
  how: {
    heading: "How It Works",
    firstPost: "Enter your post link",
    firstUsername: "Enter your username",
    firstBoth: "Enter your username and post link",
    firstText: "We never ask for your password.",
    selectTitle: "Select a package",
    selectText: "Pick the package that suits you and pay by UPI.",
    resultTitle: "Get the result",
    resultText: "Delivery starts once your payment is confirmed.",
  },
  badges: {
    label: "Why buyers trust us",
    delivered: "{{claim}} Orders Delivered",
    noPassword: "No Password Needed",
    starts: "Starts within {{minutes}} min",
  },
  target: {
    account: "Account: ",
    link: "Link: ",
    change: "Change",
  },
  plans: {
    heading: "Choose your package",
    failed: "Failed to fetch plans",
    none: "No packages are available right now. Please check back soon.",
    label: "{{noun}} packages",
    loading: "Loading packages",
    buy: "Buy Now",
    buyLabel: "Buy Now: {{plan}}, {{count}} {{noun}} for {{price}}",
    popular: "POPULAR",
    opening: "Opening your order form…",
  },
  form: {
    username: "Instagram username",
    reelLink: "Reel or IGTV link",
    postLink: "Post or reel link",
    validating: "Validating...",
    show: "Show packages",
    readAs: "We read this as @{{username}}. If that is your account, press Show packages again.",
  },
  recent: {
    heading: "Recent Orders",
    someone: "A creator",
    ordered: " ordered {{quantity}} {{noun}}",
    justNow: "just now",
    minutes: "{{n}} min ago",
    hours: "{{n}} h ago",
    days_one: "{{count}} day ago",
    days_other: "{{count}} days ago",
  },
};
