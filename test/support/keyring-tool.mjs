// Test tool: reads, writes or deletes one keyring entry of the service, in the Secret Service
// named by this process's DBUS_SESSION_BUS_ADDRESS. Usage: keyring-tool.mjs get|set|delete ACCOUNT [VALUE]
import { Entry } from '@napi-rs/keyring';

const [operation, account, value] = process.argv.slice(2);
const entry = new Entry('service.internal-api', account, { linux: { store: 'secret-service' } });
if (operation === 'get') process.stdout.write(JSON.stringify(entry.getPassword()));
else if (operation === 'set') entry.setPassword(value);
else if (operation === 'delete') entry.deletePassword();
else process.exit(64);
