// Loaded with `node --import` by the crash-output test (e2e/integration/startup-and-crash-logs.test.ts): on
// SIGUSR2 the server meets what nothing handles, a rejected promise or a thrown exception (TEST_CRASH_KIND).
process.on("SIGUSR2", () => {
  if (process.env.TEST_CRASH_KIND === "rejection") void Promise.reject(new Error("rejected by the crash test"));
  else
    setImmediate(() => {
      throw new Error("thrown by the crash test");
    });
});
