// `node --import ./cpu-on-exit.mjs …`: prints (stderr, last line) the process's CPU time at exit
// (user + system, µs), for a program that does not print it itself (the `aimux` CLI).
process.on("exit", () => {
  const cpu = process.cpuUsage()
  process.stderr.write(`\n${cpu.user + cpu.system}\n`)
})
