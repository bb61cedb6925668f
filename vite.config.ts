/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: "web",
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
  },
  server: {
    // docs/rules.md is imported with ?raw from outside the vite root.
    fs: { allow: [repoRoot] },
    proxy: {
      "/socket.io": { target: "http://127.0.0.1:8000", ws: true },
      "/api": { target: "http://127.0.0.1:8000" },
    },
  },
  test: {
    root: ".",
    include: ["web/src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["web/src/test/setup.ts"],
    css: false,
    testTimeout: 60000,
    hookTimeout: 60000,
    // The court-card package has only a "module" field (no "main" or "exports"), which the
    // test resolver does not read: point it at the same file the build uses.
    alias: { "@letele/playing-cards": fileURLToPath(new URL("node_modules/@letele/playing-cards/dist/index.esm.js", import.meta.url)) },
    server: { deps: { inline: ["@letele/playing-cards"] } },
  },
});
