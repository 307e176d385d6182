// The covers tool: make a cover (pick a voice, give a song), follow its task, hear, mix and
// download it, and the list of the visitor's covers. Its pages load from app/routes.tsx.
export { coverPaths } from './paths';
