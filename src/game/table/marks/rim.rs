//! The board's rim: by each sector, its number, the name of the ship's facing that points
//! there now, and what that facing will take in the coming threat phase. The names turn with
//! the ship, as her facings do.

use bevy_egui::egui;

use crate::game::table::marks::board_painter::{BoardPainter, Plate, SceneMarks};
use crate::game::table::marks::forecast_lines::{DECK, RESTS_IGNORED, Said, incoming};
use crate::game::table::marks::intent::Foresight;
use crate::game::table::parts::{on_board, sector_angle};
use crate::game::table::scene::framing::BOARD_RADIUS;
use crate::game::theme::palette;
use crate::words::describe::facing_name;

/// "fore-starboard" → "Fore-Starboard".
fn title_case(words: &str) -> String {
    words
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Beyond this much of the outward direction across the screen, a sector's words go beside
/// its rim point, away from the board (at every sector but one straight above or below): the
/// board's edge falls away from them there, so they cover no piece and need no room above or
/// below the board.
const SIDEWAYS: f32 = 0.2;
/// The gap between a side sector's number and its name under it: room for the badge's ring,
/// which stands out of its line.
const NAME_UNDER: f32 = 4.0;

/// Where a group of text of `size` (its first line `first` tall) goes beside a rim point,
/// pushed outward along `out` (the board's outward direction on screen there).
fn beside(point: egui::Pos2, out: egui::Vec2, size: egui::Vec2, first: f32) -> egui::Rect {
    let min = if out.x.abs() >= SIDEWAYS {
        let left = if out.x > 0.0 {
            point.x
        } else {
            point.x - size.x
        };
        // Straight out to a side, the first line stands level with the point and the rest
        // hangs below it, clear of the pile above; on a diagonal the group leans with the rim.
        let top = match out.y.abs() < 0.3 {
            true => point.y - first / 2.0,
            false => point.y - size.y / 2.0 + out.y * size.y * 0.5,
        };
        egui::pos2(left, top)
    } else {
        let top = if out.y < 0.0 {
            point.y - size.y
        } else {
            point.y
        };
        egui::pos2(point.x - size.x / 2.0, top)
    };
    egui::Rect::from_min_size(min, size)
}

/// `rect` moved the least that puts it inside `room` (its top-left corner kept inside where
/// it is the larger): a forecast by a sector at the window's edge slides onto the board's rim
/// rather than under a panel or off the table.
fn fit_inside(rect: egui::Rect, room: egui::Rect) -> egui::Rect {
    let shift = |low: f32, high: f32, min: f32, max: f32| {
        if high > max {
            (max - high).max(min - low)
        } else if low < min {
            min - low
        } else {
            0.0
        }
    };
    rect.translate(egui::vec2(
        shift(rect.left(), rect.right(), room.left(), room.right()),
        shift(rect.top(), rect.bottom(), room.top(), room.bottom()),
    ))
}

/// Whether `rect` covers any of the board, its steel rim included: a grid of its points
/// taken back onto the board (`BoardPainter::distance_on_board`, as a plate is kept in its
/// ring).
fn over_board(rect: egui::Rect, board: &BoardPainter) -> bool {
    (0..=4).any(|i| {
        (0..=2).any(|j| {
            let p = rect.min
                + egui::vec2(
                    rect.width() * i as f32 / 4.0,
                    rect.height() * j as f32 / 2.0,
                );
            board
                .distance_on_board(p)
                .is_some_and(|r| r <= BOARD_RADIUS + 0.12)
        })
    })
}

/// A sector's words slid outward, away from the board across the screen, to the nearest place
/// where they cover none of it, stay on the table and meet no pile: pushed down from the
/// window's top or up from the hand, a top or bottom sector's forecast lay over the rim and
/// the Long ring (every reader of reads 39 to 43). Where no such place is, it stays.
fn off_the_board(
    group: egui::Rect,
    out: egui::Vec2,
    board: &BoardPainter,
    props: &[egui::Rect],
    room: egui::Rect,
) -> egui::Rect {
    if out.x.abs() < SIDEWAYS || !over_board(group, board) {
        return group;
    }
    let step = 4.0 * out.x.signum();
    (1..=60)
        .map(|i| group.translate(egui::vec2(step * i as f32, 0.0)))
        .take_while(|moved| room.contains_rect(*moved))
        .find(|moved| !over_board(*moved, board) && !props.iter().any(|p| p.intersects(*moved)))
        .unwrap_or(group)
}

/// The board's rim, sector by sector: the sector's number, the name of the facing that points
/// there now (the forward two in gold), and what that facing will take.
pub(crate) fn rim_labels(
    board: &BoardPainter,
    font: f32,
    state: &stp_rules::GameState,
    foresight: &Foresight,
    (props, pieces): (&[egui::Rect], &[egui::Rect]),
    marks: &mut SceneMarks,
) {
    fore_mark(board, font, state, (props, pieces), marks);
    // The sectors' sentences for a screen reader, put in the sectors' order once all are
    // made (the labels are laid out facing by facing), so B reads sector 1 first.
    let mut sentences: Vec<(u8, String, egui::Rect)> = Vec::new();
    for facing in 0..6u8 {
        let sector = state.enterprise().sector_of_facing(facing);
        let angle = sector_angle(sector);
        let (Some(point), Some(further)) = (
            board.screen(on_board(angle, BOARD_RADIUS + 0.2, 0.0)),
            board.screen(on_board(angle, BOARD_RADIUS + 1.2, 0.0)),
        ) else {
            continue;
        };
        let out = (further - point).normalized();
        let fore = facing == 0 || facing == 5;
        let number = board.galley(
            &format!("{}", sector + 1),
            font + 3.0,
            egui::Color32::from_gray(235),
        );
        let name_color = match fore {
            true => palette::FORE_TEXT.egui(),
            false => egui::Color32::from_rgb(150, 200, 255),
        };
        // Beside the board's sides there is little room: the name goes whole under the
        // number (broken at its hyphen, "Fore-/Starboard" read as a word cut in two, read 35).
        let name_text = title_case(facing_name(facing));
        let name = board.galley(&name_text, font, name_color);
        let sideways = out.x.abs() > 0.9;
        // The room between the rim point and the table's edge on its side: what a side
        // sector's rows and its name may take.
        let clip = board.painter.clip_rect();
        let side_room = match out.x >= 0.0 {
            true => clip.right() - point.x - 14.0,
            false => point.x - clip.left() - 14.0,
        };
        let hits = forecast_rows(board, state, foresight, facing, (font, out.x, side_room));
        // Stacked only where the side leaves no room for the number and the name in a line:
        // stacked everywhere, a short name's number rose into the captains' plates.
        let stacked = sideways && number.size().x + 16.0 + name.size().x > side_room;
        let first = match stacked {
            true => egui::vec2(
                number.size().x.max(name.size().x),
                number.size().y + NAME_UNDER + name.size().y,
            ),
            false => egui::vec2(
                number.size().x + 16.0 + name.size().x,
                number.size().y.max(name.size().y),
            ),
        };
        let rows: Vec<egui::Vec2> = hits
            .iter()
            .map(|(g, _, _)| g.size() + egui::vec2(6.0, 2.0))
            .collect();
        let size = egui::vec2(
            rows.iter().map(|r| r.x).fold(first.x, f32::max),
            first.y + 5.0 + rows.iter().map(|r| r.y).sum::<f32>(),
        );
        // A margin all round for the number's badge, which stands out of its line.
        let room = board.painter.clip_rect().shrink(2.0);
        let group = fit_inside(
            beside(point, out, size + egui::vec2(10.0, 10.0), first.y + 10.0),
            room,
        );
        let group = off_the_board(group, out, board, props, room).shrink(5.0);
        // Rows hug the board's side of the group.
        let row_left = |width: f32| match out.x {
            x if x >= SIDEWAYS => group.left(),
            x if x <= -SIDEWAYS => group.right() - width,
            _ => group.center().x - width / 2.0,
        };
        let (at, name_at) = match stacked {
            true => (
                egui::pos2(row_left(number.size().x), group.top()),
                egui::pos2(
                    row_left(name.size().x),
                    group.top() + number.size().y + NAME_UNDER,
                ),
            ),
            false => {
                let at = egui::pos2(row_left(first.x), group.top());
                let name_at = at
                    + egui::vec2(
                        number.size().x + 16.0,
                        (number.size().y - name.size().y).max(0.0) / 2.0,
                    );
                (at, name_at)
            }
        };
        let number_text = number.text().to_string();
        // The sector's number as a rim badge, its ring gold on the Fore.
        let ring = match fore {
            true => palette::GOLD.egui(),
            false => egui::Color32::from_rgb(120, 150, 190),
        };
        let number_rect = board.badge(at + number.size() / 2.0, number, ring);
        marks.labels.push((number_text, number_rect));
        let name_rect = board.paint(name_at, name, None, true);
        marks.labels.push((name_text.clone(), name_rect));
        marks.tips.push((
            name_rect.union(number_rect),
            format!(
                "Sector {}: the Enterprise's {name_text} facing points here now.",
                sector + 1
            ),
        ));
        // For a screen reader: the sector, its facing and what it will take, as one line.
        let coming: Vec<&str> = hits.iter().map(|(_, words, _)| words.as_str()).collect();
        sentences.push((
            sector,
            match coming.is_empty() {
                true => format!(
                    "Sector {}, {name_text} facing: no fire forecast here.",
                    sector + 1
                ),
                false => format!(
                    "Sector {}, {name_text} facing: {}.",
                    sector + 1,
                    coming.join("; ")
                ),
            },
            group,
        ));
        // Below the number's badge, which stands a little out of its line.
        let top = group.top() + first.y + 7.0;
        paint_rows(board, hits, (top, &row_left), &name_text, marks);
    }
    sentences.sort_by_key(|(sector, _, _)| *sector);
    marks
        .reader
        .extend(sentences.into_iter().map(|(_, words, rect)| (words, rect)));
}

/// A facing's forecast as the rim shows it: each line laid out short, with its whole words
/// (for the hover and a screen reader) and whether it is deadly (a section destroyed).
/// `(font, out_x, side_room)`: the rim's size, how far across the screen the sector points
/// outward, and the room beside the rim point on its side.
fn forecast_rows(
    board: &BoardPainter,
    state: &stp_rules::GameState,
    foresight: &Foresight,
    facing: u8,
    (font, out_x, side_room): (f32, f32, f32),
) -> Vec<(std::sync::Arc<egui::Galley>, String, bool)> {
    // Each line twice: whole for the hover and a screen reader, short as the rim shows it.
    let lines = |said| {
        foresight
            .0
            .as_ref()
            .map(|p| incoming(state, facing, p, said))
            .unwrap_or_default()
    };
    lines(Said::OnTheRim)
        .into_iter()
        .zip(lines(Said::Whole))
        .map(|((shown, deadly), (words, _))| {
            // A section the coming phase destroys is said on a red plate in a red frame
            // (below): red words alone read as one more hit beside the salmon ones.
            let ink = match deadly {
                true => DEADLY_WORDS,
                false => palette::HARM_TEXT.egui(),
            };
            // As wide as the table leaves beside the rim point (at least the room
            // `rim_room` keeps): a long forecast wraps rather than runs under a panel.
            let room = crate::game::table::scene::framing::rim_room(font).x - 16.0;
            let width = match out_x.abs() >= SIDEWAYS {
                true => side_room,
                false => 2.8 * room,
            }
            .max(room);
            (board.wrapped(&shown, font - 1.0, ink, width), words, deadly)
        })
        .collect()
}

/// A facing's forecast rows, one under another from `top`, each hugging the board's side
/// (`row_left` gives a row's left edge from its width), with its hover.
fn paint_rows(
    board: &BoardPainter,
    hits: Vec<(std::sync::Arc<egui::Galley>, String, bool)>,
    (mut top, row_left): (f32, &dyn Fn(f32) -> f32),
    name_text: &str,
    marks: &mut SceneMarks,
) {
    for (galley, words, deadly) in hits {
        let height = galley.size().y + 2.0;
        let at = egui::pos2(row_left(galley.size().x + 6.0) + 3.0, top);
        // Only a section lost stands on a plate, red; the rest are outlined words, so the
        // rim carries no row of boxes (read 44).
        let plate = deadly.then_some(Plate::Fill(DEADLY_PLATE));
        // The plate `paint` lays under the words, a little wider than their line.
        let plated = egui::Rect::from_min_size(at, galley.size()).expand2(egui::vec2(3.0, 0.0));
        let rect = board.paint(at, galley, plate, !deadly);
        if deadly {
            board.painter.rect_stroke(
                plated,
                3.0,
                egui::Stroke::new(1.5, palette::DESTROYED.egui()),
                egui::StrokeKind::Outside,
            );
        }
        // The rule behind "it absorbs all 3", in the rulebook's words (readers asked why).
        let rule = match (words.contains(RESTS_IGNORED), words.contains(DECK)) {
            (true, _) => {
                " Rulebook: when a Shield gets Destroyed, any remaining Damage done in that \
                 facing for that turn is ignored."
            }
            // A card lost from the deck ("−1 deck card"): the rule says why.
            (false, true) => {
                " Rulebook: each Damage to a Destroyed Hull section removes the top card of \
                 the Enterprise deck from the game; a player who cannot draw loses it."
            }
            (false, false) => "",
        };
        let tip = format!(
            "{name_text} will take this in the coming Threats Move & Fire phase: {words}.{rule}"
        );
        marks.tips.push((rect, tip));
        marks.labels.push((words, rect));
        top += height;
    }
}

/// A forecast that destroys a section: light words on a deep red plate, framed in the
/// palette's red.
const DEADLY_WORDS: egui::Color32 = egui::Color32::from_rgb(255, 214, 205);
const DEADLY_PLATE: egui::Color32 = egui::Color32::from_rgba_premultiplied(74, 8, 6, 235);

/// "FORE" in gold just outside the rim where the two Fore sectors meet, the bow's line:
/// readers found the gold wedge alone did not say it was the front. Where a prop stands
/// there, or the table ends, just inside the rim instead, and anticlockwise of the line: the
/// rings' names stand just clockwise of it (on it, "FORE" covered "LONG").
fn fore_mark(
    board: &BoardPainter,
    font: f32,
    state: &stp_rules::GameState,
    (props, pieces): (&[egui::Rect], &[egui::Rect]),
    marks: &mut SceneMarks,
) {
    let bow = f32::from(state.enterprise().sector_of_facing(0)) * std::f32::consts::TAU / 6.0;
    let (Some(point), Some(further)) = (
        board.screen(on_board(bow, BOARD_RADIUS + 0.12, 0.0)),
        board.screen(on_board(bow, BOARD_RADIUS + 1.0, 0.0)),
    ) else {
        return;
    };
    let out = (further - point).normalized();
    // Dark on a gold plate, larger than the rim's words: gold words on black read as one
    // more label among many, and three readers of read 27 had to search for the Fore.
    let galley = board.galley("FORE", font * 1.15, egui::Color32::from_rgb(28, 20, 6));
    let size = galley.size();
    // Its near edge on the rim, whichever way the bow points.
    let outside = point + egui::vec2(out.x * size.x / 2.0, out.y * size.y / 2.0) + out * 4.0;
    // Clear of the props and the piles' counts, and wholly over the table: with the bow
    // towards the hand, "FORE" outside the rim sat on the hand's edge, cut (read 32).
    let table = board.table().expand(0.5);
    // With a margin: just clear of the threat bag and its count, "FORE" read as touching
    // them (read 53's p3).
    let clear = |c: egui::Pos2| {
        let rect = egui::Rect::from_center_size(c, size);
        let near = rect.expand(6.0);
        !props.iter().any(|p| p.intersects(near))
            && !pieces.iter().any(|p| p.intersects(rect))
            && !marks.labels.iter().any(|(_, r)| r.intersects(near))
            && table.contains_rect(rect)
    };
    let inside = match (
        board.screen(on_board(bow, BOARD_RADIUS - 0.1, 0.0)),
        board.screen(on_board(bow - 0.05, BOARD_RADIUS - 0.1, 0.0)),
    ) {
        (Some(inner), Some(before)) => {
            let back = (before - inner).normalized();
            Some(
                inner - egui::vec2(out.x * size.x / 2.0, out.y * size.y / 2.0) - out * 4.0
                    + egui::vec2(back.x * size.x / 2.0, back.y * size.y / 2.0)
                    + back * 6.0,
            )
        }
        _ => None,
    };
    // Outside the rim, else just inside it, else farther out: the first clear of all.
    let farther = outside + out * (size.y + 8.0);
    let centre = [Some(outside), inside, Some(farther)]
        .into_iter()
        .flatten()
        .find(|c| clear(*c))
        .unwrap_or(match (clear(outside), inside) {
            (false, Some(inside)) => inside,
            _ => outside,
        });
    let rect = board.paint(
        centre - size / 2.0,
        galley,
        Some(Plate::Fill(palette::FORE_TEXT.egui())),
        false,
    );
    marks.labels.push(("FORE".to_string(), rect));
}

/// Where the props stand on screen (each pad's square), for the words to keep off.
pub(crate) fn prop_squares(
    board: &BoardPainter,
    corners: &crate::game::table::scene::camera::Corners,
) -> Vec<egui::Rect> {
    corners
        .0
        .iter()
        .filter_map(|at| {
            let (centre, edge) = (
                board.screen(*at)?,
                board.screen(*at + bevy::math::Vec3::X * 0.6)?,
            );
            Some(egui::Rect::from_center_size(
                centre,
                egui::Vec2::splat(2.0 * centre.distance(edge)),
            ))
        })
        .collect()
}
