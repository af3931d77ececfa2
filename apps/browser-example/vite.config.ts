import { defineConfig } from "vitest/config";

export default defineConfig({
  build: { target: "es2022" },
  test: { include: ["src/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
});
