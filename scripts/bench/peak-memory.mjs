// Loaded with `node --import` into a process the bench measures: at exit it writes the process's peak resident set
// (the kernel's high-water mark) to standard error, where the bench reads it.
process.on("exit", () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
