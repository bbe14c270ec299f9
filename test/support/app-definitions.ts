// Purpose-built apps live with the other shared fixtures, so the benches need not import test/.
export {
  testApp,
  testFrontmatter,
  textParameter,
  type TestAppFields,
} from '../../scripts/dev-stack/app-definitions';
