// The media server lives with the other shared fixtures, so the benches need not import test/.
export { samplePng, startMediaServer, type MediaServer } from '../../scripts/dev-stack/media-server';
