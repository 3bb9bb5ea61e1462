import { runSimulatorCli, SIMULATOR_USAGE } from "./cli.js";

// node --import tsx packages/irp/src/simulator/main.ts --port 4010 --latency-median-ms 300 --latency-p99-ms 1200
try {
  const simulator = await runSimulatorCli(process.argv.slice(2));
  if (simulator) {
    const stop = () => {
      simulator.close().then(() => process.exit(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${SIMULATOR_USAGE}\n`);
  process.exitCode = 2;
}
