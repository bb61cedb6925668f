import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Waiting for something to appear is not a measure of speed: on a busy machine a lazily loaded
// screen can take seconds, so findBy/waitFor wait up to 15 s (vite.config.ts: 60 s per test).
configure({ asyncUtilTimeout: 15000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
