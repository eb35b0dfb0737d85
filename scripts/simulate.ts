// `npm run simulate -- --devices 50 [--url http://localhost:3000] [--email …] [--password …] [--play] [--dual]`
// Holds N simulated TVs online until Ctrl+C. Credentials also from SIM_EMAIL / SIM_PASSWORD.
import { parseArgs } from 'node:util';
import { startSimulator } from './device-simulator';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIM_URL ?? 'http://localhost:3000' },
    email: { type: 'string', default: process.env.SIM_EMAIL ?? 'admin@sinalize.local' },
    password: { type: 'string', default: process.env.SIM_PASSWORD },
    devices: { type: 'string', default: '10' },
    prefix: { type: 'string', default: 'Simulador' },
    play: { type: 'boolean', default: false },
    dual: { type: 'boolean', default: false },
    'heartbeat-ms': { type: 'string', default: '15000' },
  },
});
if (!values.password) {
  process.stderr.write('Informe a senha do administrador: --password … (ou SIM_PASSWORD)\n');
  process.exit(2);
}

const simulator = await startSimulator({
  baseUrl: values.url!,
  email: values.email!,
  password: values.password,
  devices: Number(values.devices),
  prefix: values.prefix,
  play: values.play,
  layout: values.dual ? 'dual' : 'single',
  heartbeatMs: Number(values['heartbeat-ms']),
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write('Simulação em andamento. Ctrl+C para encerrar.\n');
const report = setInterval(() => {
  const online = simulator.devices.filter((d) => d.socket).length;
  const revoked = simulator.devices.filter((d) => d.revoked).length;
  const changes = simulator.devices.reduce((n, d) => n + d.contentChanges.length, 0);
  const pushed = simulator.devices.reduce((n, d) => n + d.manifests.length, 0);
  process.stdout.write(
    `conectados: ${online}  desconectados pelo painel: ${revoked}  content_changed recebidos: ${changes}  manifestos recebidos: ${pushed}\n`,
  );
}, 10_000);
process.on('SIGINT', () => {
  clearInterval(report);
  void simulator.stop().then(() => process.exit(0));
});
