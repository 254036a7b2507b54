//! The words: what the game and the commands say about the rules' state, below both. The
//! names of things and actions (`describe`), why the rules did what they did (`why`), why
//! the advisor advises what it does (`advice`), the Academy's lessons (`lessons`) and the
//! win rates the setup screen quotes (`odds`), and the table in words for a screen reader
//! (`table_words`). They import only the rules.

pub mod advice;
pub mod describe;
pub mod lessons;
pub mod log_lines;
pub mod odds;
pub mod refusal_tags;
pub mod table_words;
pub mod why;
