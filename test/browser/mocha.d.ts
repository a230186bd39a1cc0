// The globals that @web/test-runner's bundled mocha (bdd UI) defines in the test page.
// Declared here because @types/mocha is not a dependency.

type MochaDone = (error?: unknown) => void;
type MochaBody = (() => unknown) | ((done: MochaDone) => void);

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body?: MochaBody): void;
declare function before(body: MochaBody): void;
declare function after(body: MochaBody): void;
declare function beforeEach(body: MochaBody): void;
declare function afterEach(body: MochaBody): void;
declare namespace describe {
  function skip(title: string, body: () => void): void;
  function only(title: string, body: () => void): void;
}
declare namespace it {
  function skip(title: string, body?: MochaBody): void;
  function only(title: string, body?: MochaBody): void;
}
