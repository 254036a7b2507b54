//! The table's 3D scene: the board, the Enterprise, the threat and mission pieces, the piles
//! and the die, the sky and the console round them, the camera and what moves.

pub(crate) mod backdrop;
pub(crate) mod board;
pub mod camera;
pub mod console_table;
pub mod die;
pub mod effects;
pub(crate) mod enterprise;
pub mod framing;
pub mod looks;
pub(crate) mod materials;
pub(crate) mod motion;
pub mod pieces;
pub(crate) mod piles;
pub(crate) mod plot;
pub(crate) mod shapes;
pub mod ship_markings;
pub mod web;
