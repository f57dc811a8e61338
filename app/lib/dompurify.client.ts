// The browser's DOMPurify. In the server build this module is empty (React Router's `.client` rule): there
// DOMPurify needs jsdom, some 80 MB, so ./markdown.ts loads it only when the server first sanitises.
import DOMPurify from "isomorphic-dompurify";

export default DOMPurify;
