//! The rules of Star Trek Panic, one test per rule (shared/rules/star-trek-panic-rulebook.txt),
//! plus the rulings adopted where the rulebook is silent (docs/rulings.md, tests `ruling_*`).

mod cards;
mod characters;
mod maneuver;
mod missions;
mod setup;
mod special_threats;
pub(crate) mod support;
mod threats;
mod trading;
mod validator;
