//! The model floor: the state and messages the presentation's features share, so that none of
//! them imports another for it. What screen is up, what is picked and what can be done with it
//! (`offers`), what is under the pointer and where the table's free rectangle is, the board
//! read aloud, whose turn the conn is handed to, the session's record, which windows are open
//! and the help topics. The features (table, panels, screens, input, online, ...) import from
//! here and from the widget kit (`game::theme`); nothing here imports a feature.

pub mod all_offers;
pub mod board_reading;
pub mod event_catalogue;
pub mod handover;
pub mod help_topic;
pub mod offer;
pub mod offers;
pub mod pointing;
pub mod record;
pub mod screen;
pub mod selection;
pub mod window_offers;
pub mod windows;
