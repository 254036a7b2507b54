//! The names under the piles and the die, with their counts: what each pile holds, said as
//! counts of what ("Threat bag", "30 to draw").

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::table::marks::board_painter::{BoardScene, Plate, SceneMarks};
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::piles::{pile_count, pile_place};

/// The piles' and the die's names, each on a dark plate under it.
pub(crate) fn pile_labels(
    mut scene: BoardScene,
    die: Res<crate::game::table::scene::die::DieRoll>,
    corners: Res<Corners>,
    mut marks: ResMut<SceneMarks>,
) -> Result {
    let Some((state, board)) = scene.open("labels") else {
        return Ok(());
    };
    let marks = &mut *marks;
    // Under a point: a name on a dark plate (the piles and the die).
    let mut under = |at: Vec3, words: String, size: f32, color: egui::Color32| {
        if let Some(p) = board.screen(at) {
            let galley = board.galley(&words, size, color);
            // Kept inside the table: a pile by the board's edge had its name cut by the side
            // panel ("Threat bag: 25 to dra").
            let table = board.table();
            let left = (p.x - galley.size().x / 2.0)
                .min(table.right() - galley.size().x - 4.0)
                .max(table.left() + 4.0);
            let rect = board.paint(egui::pos2(left, p.y), galley, Some(Plate::Chip), false);
            marks.labels.push((words, rect));
        }
    };
    for (pile, name) in [
        (crate::game::table::scene::piles::Pile::Deck, "Deck"),
        (crate::game::table::scene::piles::Pile::Discard, "Discard"),
        (crate::game::table::scene::piles::Pile::Bag, "Threat bag"),
    ] {
        let at = pile_place(&corners, pile) + Vec3::Z * 0.45;
        // The threats destroyed or gone by are counted with the bag: the table shows every
        // pile, and the side column keeps its room for the ship and the mission.
        let words = match pile {
            // Said as counts of what: readers read "Threat bag 0" as a fault, not as "none
            // left to draw".
            crate::game::table::scene::piles::Pile::Bag => format!(
                "{name}\n{} to draw\n{} discarded",
                pile_count(state, pile),
                state.threat_discard().len()
            ),
            // The cards removed from the game, under the discard pile: lost for good.
            crate::game::table::scene::piles::Pile::Discard => format!(
                "{name} {}\n{} out of the game",
                pile_count(state, pile),
                state.removed().len()
            ),
            _ => format!("{name} {}", pile_count(state, pile)),
        };
        under(at, words, 14.0, egui::Color32::WHITE);
    }
    let words = match (die.tumbling > 0.0, die.value) {
        (true, _) => "Die: rolling…".to_string(),
        (false, Some(value)) => format!("Die: {value}"),
        (false, None) => "Die".to_string(),
    };
    under(
        crate::game::table::scene::piles::die_place(&corners) + Vec3::Z * 0.35,
        words,
        14.0,
        egui::Color32::WHITE,
    );
    Ok(())
}
