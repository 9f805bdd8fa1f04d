import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Bundled into the server build so only the icons and primitives in use are
  // loaded: imported whole from node_modules they cost the server ~90 MB.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "react-day-picker", "date-fns"] },
});
