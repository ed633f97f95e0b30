export { default } from "@crawlguard/eslint-config";
