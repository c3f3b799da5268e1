export { SPECIAL_CHARACTERS, checkNoSpecialCharacters, hasSpecialCharacters } from "./specialCharacters.js";
