import { socialImageAlt } from "~/lib/social-image";

/** The site's chrome: header, footer, language switch, error page. */
export default {
  nav: {
    main: "Main",
    mobile: "Mobile",
    services: "Services",
    blog: "Blog",
    howItWorks: "How It Works",
    testimonials: "Testimonials",
    faq: "FAQ",
    contact: "Contact Us",
    getStarted: "Get Started",
    openMenu: "Open menu",
    closeMenu: "Close menu",
  },
  language: {
    /** The link to the other language, written in that language. */
    switchTo: "हिन्दी",
    switchLabel: "यह पेज हिन्दी में पढ़ें",
  },
  services: {
    followers: "Instagram Followers",
    likes: "Instagram Likes",
    views: "Instagram Views",
    comments: "Instagram Comments",
  },
  footer: {
    about: "Instagram followers, likes, views and comments for creators and small businesses in India, paid by UPI.",
    services: "Services",
    help: "Help",
    policies: "Policies",
    track: "Track your order",
    contact: "Contact Us",
    blog: "Blog",
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    refund: "Refund Policy",
    delivery: "Delivery Policy",
    notAffiliated: "Not affiliated with Instagram or Meta Platforms, Inc.",
  },
  errorPage: {
    notFoundPageTitle: "Page not found",
    somethingWrong: "Something went wrong",
    notFoundTitle: "Oops! Page not found",
    badRequestTitle: "Bad request",
    serverErrorTitle: "Unexpected Application Error!",
    notFound: "The page you are looking for does not exist or has moved.",
    badRequest: "This request could not be handled as it was sent. Please go back and try again.",
    serverError: "Something went wrong on our side. Please try again in a moment.",
    home: "Go back home",
  },
  carousel: {
    carousel: "carousel",
    slide: "slide",
    position: "{{n}} of {{total}}",
    previous: "Previous {{item}}",
    next: "Next {{item}}",
    testimonial: "testimonial",
    result: "result",
    rated: "Rated {{rating}} out of 5",
  },
  close: "Close",
  /** A page's link-preview image, for those who cannot see it. */
  socialImageAlt: socialImageAlt("{{title}}"),
  toast: {
    region: "Notifications",
    close: "Close toast",
  },
};
