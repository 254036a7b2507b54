//! The marks painted over the scene with egui: the rim's sectors and forecasts, the labels
//! on the board and the piles, the hover, a picked card's reach and targets, and the board
//! read in sentences.

pub(crate) mod board_painter;
pub mod forecast_lines;
pub mod hover;
pub mod intent;
pub mod intent_lines;
pub mod labels;
pub(crate) mod marks_read;
pub(crate) mod mission_labels;
pub(crate) mod painted_texts;
pub(crate) mod piece_plates;
pub(crate) mod pile_labels;
pub(crate) mod plate_places;
pub(crate) mod reach;
pub(crate) mod rim;
pub(crate) mod ring_names;
pub(crate) mod targets;
pub(crate) mod web_tips;
