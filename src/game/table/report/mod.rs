//! Where things lie on screen: the camera's framing of the board, which spaces are taken,
//! and the layout report (`--layout`) the looks are measured by.

pub mod layout;
pub(crate) mod layout_sections;
pub mod occupied;
