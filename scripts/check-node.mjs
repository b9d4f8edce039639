/* global process, console */
// Runs before npm start, build and test, on whatever Node runs npm scripts (plain JavaScript, so an old Node can
// run it too): the project needs Node >= 22.18. `npm install` brings one (the `node` dev dependency puts Node 26
// first on the PATH of every npm script); when it is missing, say what to do instead of failing obscurely later.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `This project needs Node.js >= 22.18; npm scripts are running on ${process.version}.\n` +
      'Run `npm install` (it installs Node 26 as the `node` dev dependency, which npm scripts then use; its\n' +
      'install script is approved in package.json "allowScripts"), or install Node 26 (see .nvmrc).',
  );
  process.exit(1);
}
