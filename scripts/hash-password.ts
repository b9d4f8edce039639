/**
 * `npm run hash-password -- <user>`: reads a password (from the terminal, hidden, or from stdin) and prints the
 * ADMIN_USERS entry `user:pbkdf2-sha256$…` for it. The password itself is never printed or stored.
 */
import { createInterface } from 'node:readline';
import { hashPassword } from '../src/http/session.ts';

const user = process.argv[2];
if (!user || !/^[A-Za-z0-9._-]{1,64}$/.test(user)) {
  console.error('usage: npm run hash-password -- <user>   (user: letters, digits, . _ -)');
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  process.stderr.write('Password: ');
  // Hide what is typed: the readline echo is replaced by nothing.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  const password = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return password;
}

const password = await readPassword();
if (password.length < 10) {
  console.error('Use a password of at least 10 characters.');
  process.exit(2);
}
console.log(`${user}:${await hashPassword(password)}`);
