/** Child process for the kill -9 test: appends audit records as fast as it can until killed. */
import { AuditLog } from '../../src/agent/audit-log.js';

const dir = process.argv[2]!;
const log = new AuditLog({ dir, maxBytes: 1024 * 1024 * 1024 });
const filler = 'x'.repeat(4000);
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  log.append({
    time: new Date().toISOString(),
    command: `type record ${i} ${filler}`,
    source: 'grammar',
    intent: { intent: 'type_text', text: filler },
    risk: { level: 'harmless', reason: 'Nothing here changes or deletes anything.' },
    confirmation: 'not_needed',
    outcome: 'done',
    message: `record ${i}`,
  });
}
