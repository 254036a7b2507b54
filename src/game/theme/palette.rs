//! The table's one palette: each role's colour, written once, for the panels (egui) and the 3D
//! scene (Bevy) alike, so the ship's diagram, the key and the board say a state in the same
//! colour (issue 41: the same roles lived in five files, and drifted). `docs/look.md` says why
//! each role looks as it does. A leaf: it imports nothing of the game.

use bevy::color::Color;
use bevy_egui::egui::Color32;

/// One colour in sRGB, as both worlds take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// For egui's painters and widgets.
    pub const fn egui(self) -> Color32 {
        Color32::from_rgb(self.0, self.1, self.2)
    }

    /// For Bevy's materials and lights.
    pub const fn bevy(self) -> Color {
        Color::srgb_u8(self.0, self.1, self.2)
    }
}

/// An intact Shield: the one glowing cyan on the table, energy.
pub const SHIELD: Rgb = Rgb(92, 214, 255);
/// Damaged, a Shield or a Hull section: a warning, never used for anything else on the ship.
pub const DAMAGED: Rgb = Rgb(255, 179, 71);
/// A damaged Hull plate in the scene: the same amber, deeper, as the light brightens a lit
/// plate that a flat colour in the panels is not.
pub const DAMAGED_PLATE: Rgb = Rgb(242, 140, 38);
/// Destroyed, or deadly: red only where something is lost.
pub const DESTROYED: Rgb = Rgb(255, 90, 78);
/// A destroyed Hull plate in the panels: charred, crossed out in red where it is drawn.
pub const CHARRED: Rgb = Rgb(40, 30, 30);
/// An intact Hull plate: steel.
pub const STEEL: Rgb = Rgb(158, 173, 199);
/// The console's accent: the active, the chosen, the in-focus, the Fore.
pub const GOLD: Rgb = Rgb(236, 190, 70);
/// A cloaking ship's dashed rim and a cloaked ship's back.
pub const CLOAK: Rgb = Rgb(115, 191, 255);
/// A threat's harm in words on the dark ground: the forecasts at the rim, the key's "dmg", the
/// cloaked ship's warning under the ship's status. Softer than `DESTROYED`, which is kept for
/// what is lost or deadly.
pub const HARM_TEXT: Rgb = Rgb(255, 170, 140);
/// A refusal or a setback in words: a banner's bad news, a card's "No play now".
pub const REFUSED: Rgb = Rgb(255, 120, 100);
/// Done or good: an objective met, a banner's good news.
pub const DONE: Rgb = Rgb(130, 230, 140);
/// The Fore's words on the board ("FORE", the Fore sectors' names) and the key's Fore line: a
/// lighter gold than `GOLD`, to read on the dark glass.
pub const FORE_TEXT: Rgb = Rgb(255, 214, 110);

/// The Divisions' colours (a card's band, a credit), after the uniforms of the show: gold
/// for command and the helm, blue for science and medicine, red for engineering and
/// communications; Medical its own teal, so four Divisions are four colours.
pub const COMMAND: Rgb = Rgb(214, 170, 40);
pub const SCIENCE: Rgb = Rgb(70, 130, 220);
pub const ENGINEERING: Rgb = Rgb(200, 60, 50);
pub const MEDICAL: Rgb = Rgb(60, 170, 140);

/// A Klingon captain's name plate.
pub const CAPTAIN_PLATE: Rgb = Rgb(120, 10, 10);

/// Each range's glowing edge line, Short, Medium, Long: the rulebook's blue, purple and green,
/// bright, as the key and the cards' range pips also show them.
pub const RANGE_EDGES: [Rgb; 3] = [Rgb(89, 173, 255), Rgb(199, 140, 255), Rgb(102, 242, 153)];
/// Each range's band under the edges: the same hues, deep and quiet, so the tokens shout.
pub const RANGE_BANDS: [Rgb; 3] = [Rgb(15, 43, 102), Rgb(41, 18, 71), Rgb(15, 64, 36)];

/// The factions, never alone: each chit's shape says the faction too (`docs/look.md`).
pub const KLINGON: Rgb = Rgb(184, 41, 31);
pub const ROMULAN: Rgb = Rgb(115, 230, 158);
/// Steel grey, as the show painted her: in teal beside the Romulan cruiser's mint, with the
/// cloaking dots round both, readers of reads 35 to 37 took the two for one kind.
pub const BIRD_OF_PREY: Rgb = Rgb(150, 160, 178);
pub const THOLIAN: Rgb = Rgb(242, 153, 31);
pub const COMET: Rgb = Rgb(179, 217, 255);
pub const STARBASE: Rgb = Rgb(219, 222, 235);
