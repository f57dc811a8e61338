export { pageBlocks, pageText } from "./page.server";
