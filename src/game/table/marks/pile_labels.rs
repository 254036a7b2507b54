//! The counts under the piles and the die, each with what it counts ("25", "Threats to
//! draw", "0 discarded").

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::table::marks::board_painter::{BoardScene, SceneMarks};
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::piles::{pile_count, pile_place};

/// The piles' and the die's counts, each under it.
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
    // Sized as the rim's words are, smaller in a small window, where the board needs the room.
    let font = crate::game::table::scene::framing::rim_font(board.table().height());
    // Under a point: a count in the display face and what it counts in smaller capitals
    // beside it, on no plate (an art director's read: a dozen framed text boxes over the board
    // read as a spreadsheet; a pile's count as a printed number reads as a game's).
    let mut under = |at: Vec3, count: Option<String>, captions: Vec<String>| {
        let Some(p) = board.screen(at) else {
            return;
        };
        let number = count
            .as_ref()
            .map(|count| board.display_galley(count, 2.0 * font, COUNT));
        let lines: Vec<_> = captions
            .iter()
            .map(|words| board.display_galley(words, font + 3.0, CAPTION))
            .collect();
        // The captions stacked beside the count, the block as tall as the count: under it,
        // they pushed the discard pile's label into the sector's name at 1024x600.
        let captions_width = lines.iter().map(|g| g.size().x).fold(0.0, f32::max);
        let count_size = number.as_ref().map_or(egui::Vec2::ZERO, |g| g.size());
        let count_width = number.as_ref().map_or(0.0, |_| count_size.x + 5.0);
        let width = count_width + captions_width;
        // Kept inside the table: a pile by the board's edge had its name cut by the side
        // panel ("Threat bag: 25 to dra").
        let table = board.table();
        let left = (p.x - width / 2.0)
            .min(table.right() - width - 4.0)
            .max(table.left() + 4.0);
        let captions_height = lines.iter().map(|g| g.size().y - 2.0).sum::<f32>();
        let mut rect = egui::Rect::NOTHING;
        let mut top = p.y;
        if let Some(galley) = number {
            top += (count_size.y - captions_height) / 2.0;
            rect = board.paint(egui::pos2(left, p.y), galley, None, true);
        }
        for galley in lines {
            let height = galley.size().y;
            let at = egui::pos2(left + count_width, top);
            rect = rect.union(board.paint(at, galley, None, true));
            top += height - 2.0;
        }
        let words = match &count {
            Some(count) => format!("{count} {}", captions.join(" ")),
            None => captions.join(" "),
        };
        marks.labels.push((words, rect));
    };
    for pile in [
        crate::game::table::scene::piles::Pile::Deck,
        crate::game::table::scene::piles::Pile::Discard,
        crate::game::table::scene::piles::Pile::Bag,
    ] {
        let at = pile_place(&corners, pile) + Vec3::Z * 0.45;
        let count = pile_count(state, pile).to_string();
        // The threats destroyed or gone by are counted with the bag: the table shows every
        // pile, and the side column keeps its room for the ship and the mission.
        let captions = match pile {
            // Said as counts of what: readers read "Threat bag 0" as a fault, not as "none
            // left to draw".
            crate::game::table::scene::piles::Pile::Bag => vec![
                "Threats to draw".to_string(),
                format!("{} discarded", state.threat_discard().len()),
            ],
            // The cards removed from the game, under the discard pile: lost for good.
            crate::game::table::scene::piles::Pile::Discard => vec![
                "Discard pile".to_string(),
                format!("{} out of the game", state.removed().len()),
            ],
            _ => vec!["Deck".to_string()],
        };
        under(at, Some(count), captions);
    }
    let (count, caption) = match (die.tumbling > 0.0, die.value) {
        (true, _) => (None, "Die: rolling…".to_string()),
        // "5 DIE" read as five dice (read 47): what was rolled, in words.
        (false, Some(value)) => (None, format!("Die: rolled {value}")),
        (false, None) => (None, "Die".to_string()),
    };
    under(
        crate::game::table::scene::piles::die_place(&corners) + Vec3::Z * 0.35,
        count,
        vec![caption],
    );
    Ok(())
}

/// A pile's count: near white.
const COUNT: egui::Color32 = egui::Color32::from_rgb(235, 240, 250);
/// What the count counts: a quieter steel blue.
const CAPTION: egui::Color32 = egui::Color32::from_rgb(170, 185, 210);
