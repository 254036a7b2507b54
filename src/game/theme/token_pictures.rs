//! Pictures of threat tokens for the rules reference: the token's colour, its faction's emblem
//! and its border, as the board draws them, with the token's name under it.

use crate::game::theme::palette;
use bevy::color::ColorToPacked;
use bevy_egui::egui::{self, Color32, Pos2, Sense, Shape, Stroke, vec2};
use std::f32::consts::TAU;
use stp_rules::content::Captain;

use crate::game::model::help_topic::HelpTopic;

use crate::game::theme::threat_looks::{CLOAKED_BACK, Look, Rim};

/// What a picture shows.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Emblem {
    Diamond,
    Disc,
    Hexagon,
    Square,
    Star,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Border {
    None,
    /// A captain's red name plate with gold letters, as on the board.
    Plate,
    Yellow,
    Dashed,
}

struct Picture {
    name: &'static str,
    look: Look,
    rim: Rim,
    /// Face down: a cloaked ship shows no emblem.
    face_down: bool,
}

impl Picture {
    /// The face's colour as the board shows it (`threat_looks`), or the cloaked back's.
    fn fill(&self) -> Color32 {
        let color = if self.face_down {
            CLOAKED_BACK
        } else {
            self.look.color()
        };
        let [r, g, b, _] = color.to_srgba().to_u8_array();
        Color32::from_rgb(r, g, b)
    }

    /// The faction's emblem, a flat stand-in for the board's silhouette.
    fn emblem(&self) -> Emblem {
        match self.look {
            Look::KlingonCruiser => Emblem::Diamond,
            Look::RomulanCruiser | Look::BirdOfPrey => Emblem::Disc,
            Look::Tholian => Emblem::Hexagon,
            Look::Comet => Emblem::Star,
            Look::Starbase => Emblem::Square,
        }
    }

    /// The rim, as the board draws it.
    fn border(&self) -> Border {
        match self.rim {
            Rim::Captain(_) => Border::Plate,
            Rim::Starbase => Border::Yellow,
            Rim::Cloaks => Border::Dashed,
            Rim::None => Border::None,
        }
    }
}

/// The pictures for a reference topic; none for a topic without tokens.
fn pictures(topic: HelpTopic) -> Vec<Picture> {
    let p = |name, look, rim, face_down| Picture {
        name,
        look,
        rim,
        face_down,
    };
    match topic {
        HelpTopic::Klingons => vec![
            p("Cruiser", Look::KlingonCruiser, Rim::None, false),
            p("Cloaking", Look::KlingonCruiser, Rim::Cloaks, false),
            p(
                "Kang",
                Look::KlingonCruiser,
                Rim::Captain(Captain::Kang),
                false,
            ),
        ],
        HelpTopic::Romulans => vec![
            p("Battle Cruiser", Look::RomulanCruiser, Rim::None, false),
            p("Cloaking", Look::RomulanCruiser, Rim::Cloaks, false),
            p("Cloaked", Look::RomulanCruiser, Rim::Cloaks, true),
        ],
        HelpTopic::Tholians => vec![p("Tholian", Look::Tholian, Rim::None, false)],
        HelpTopic::CometsAndStarbase => vec![
            p("Comet", Look::Comet, Rim::None, false),
            p("Starbase", Look::Starbase, Rim::Starbase, false),
        ],
        HelpTopic::Winning
        | HelpTopic::Turn
        | HelpTopic::Board
        | HelpTopic::HitCards
        | HelpTopic::SupportCards
        | HelpTopic::Damage
        | HelpTopic::Maneuvers
        | HelpTopic::Threats
        | HelpTopic::Boarders
        | HelpTopic::Missions
        | HelpTopic::Characters
        | HelpTopic::Crewmates
        | HelpTopic::Keys
        | HelpTopic::Rulings => Vec::new(),
    }
}

/// Draws the topic's token pictures in a row.
pub fn show(ui: &mut egui::Ui, topic: HelpTopic) {
    let pictures = pictures(topic);
    if pictures.is_empty() {
        return;
    }
    ui.horizontal(|ui| {
        for picture in &pictures {
            draw(ui, picture);
        }
    });
}

fn draw(ui: &mut egui::Ui, picture: &Picture) {
    let (rect, _) = ui.allocate_exact_size(vec2(76.0, 70.0), Sense::hover());
    let painter = ui.painter_at(rect);
    let center = rect.center_top() + vec2(0.0, 28.0);
    let at = |angle: f32, r: f32| center + vec2(angle.sin() * r, -angle.cos() * r);
    // The chit's outline, as the board's (`Look::chit`): seen from above, a mesh's turn about
    // its middle runs the other way round the picture.
    let (sides, size, turn) = picture.look.chit();
    let corners: Vec<Pos2> = (0..sides)
        .map(|i| {
            at(
                i as f32 * TAU / sides as f32 + TAU / 4.0 - turn,
                24.0 * size,
            )
        })
        .collect();
    painter.add(Shape::convex_polygon(
        corners,
        picture.fill(),
        Stroke::new(1.0, Color32::BLACK),
    ));
    let dark = Color32::from_rgb(13, 13, 20);
    if !picture.face_down {
        match picture.emblem() {
            Emblem::Diamond => {
                let points = vec![
                    at(0.0, 8.0),
                    at(TAU / 4.0, 6.0),
                    at(TAU / 2.0, 8.0),
                    at(3.0 * TAU / 4.0, 6.0),
                ];
                painter.add(Shape::convex_polygon(points, dark, Stroke::NONE));
            }
            Emblem::Disc => {
                painter.circle_filled(center, 6.0, dark);
            }
            Emblem::Hexagon => {
                let points = (0..6).map(|i| at(i as f32 * TAU / 6.0, 7.0)).collect();
                painter.add(Shape::convex_polygon(points, dark, Stroke::NONE));
            }
            Emblem::Square => {
                let square = egui::Rect::from_center_size(center, vec2(10.0, 10.0));
                painter.rect_filled(square, 0.0, dark);
            }
            Emblem::Star => {
                for i in 0..5 {
                    let tip = at(i as f32 * TAU / 5.0, 9.0);
                    painter.line_segment([center, tip], Stroke::new(2.5, dark));
                }
            }
        }
    }
    match picture.border() {
        Border::None => {}
        Border::Plate => {
            let plate = egui::Rect::from_center_size(center - vec2(0.0, 17.0), vec2(38.0, 12.0));
            painter.rect_filled(plate, 2.0, palette::CAPTAIN_PLATE.egui());
            painter.text(
                plate.center(),
                egui::Align2::CENTER_CENTER,
                picture.name.to_uppercase(),
                egui::FontId::proportional(9.0),
                Color32::GOLD,
            );
        }
        Border::Yellow => {
            let frame = egui::Rect::from_center_size(center, vec2(40.0, 40.0));
            painter.rect_stroke(
                frame,
                0.0,
                Stroke::new(3.0, Color32::from_rgb(242, 217, 26)),
                egui::StrokeKind::Outside,
            );
        }
        Border::Dashed => crate::game::theme::marks::cloak_dashes(&painter, center, 27.0, 2.5),
    }
    painter.text(
        rect.center_bottom() - vec2(0.0, 2.0),
        egui::Align2::CENTER_BOTTOM,
        picture.name,
        egui::FontId::proportional(11.0),
        Color32::from_gray(210),
    );
}
