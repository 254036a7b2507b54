//! Pictures of threat tokens for the rules reference: the token's colour, its faction's emblem
//! and its border, as the board draws them, with the token's name under it.

use bevy_egui::egui::{self, Color32, Pos2, Sense, Shape, Stroke, vec2};
use std::f32::consts::TAU;

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
    Red,
    Yellow,
    Dotted,
}

struct Picture {
    name: &'static str,
    fill: Color32,
    emblem: Emblem,
    border: Border,
    /// Face down: a cloaked ship shows no emblem.
    face_down: bool,
}

const KLINGON: Color32 = Color32::from_rgb(158, 46, 36);
const ROMULAN: Color32 = Color32::from_rgb(140, 242, 191);

/// The pictures for a reference topic; none for a topic without tokens.
fn pictures(topic: &str) -> Vec<Picture> {
    let p = |name, fill, emblem, border, face_down| Picture {
        name,
        fill,
        emblem,
        border,
        face_down,
    };
    match topic {
        "Klingons" => vec![
            p("Cruiser", KLINGON, Emblem::Diamond, Border::None, false),
            p("Cloaking", KLINGON, Emblem::Diamond, Border::Dotted, false),
            p("Kang", KLINGON, Emblem::Diamond, Border::Red, false),
        ],
        "Romulans and cloaking" => vec![
            p("Battle Cruiser", ROMULAN, Emblem::Disc, Border::None, false),
            p("Cloaking", ROMULAN, Emblem::Disc, Border::Dotted, false),
            p(
                "Cloaked",
                Color32::from_rgb(31, 36, 56),
                Emblem::Disc,
                Border::Dotted,
                true,
            ),
        ],
        "Tholians" => vec![p(
            "Tholian",
            Color32::from_rgb(230, 140, 25),
            Emblem::Hexagon,
            Border::None,
            false,
        )],
        "Comets and the Starbase" => vec![
            p(
                "Comet",
                Color32::from_rgb(255, 204, 76),
                Emblem::Star,
                Border::None,
                false,
            ),
            p(
                "Starbase",
                Color32::from_rgb(217, 217, 230),
                Emblem::Square,
                Border::Yellow,
                false,
            ),
        ],
        _ => Vec::new(),
    }
}

/// Draws the topic's token pictures in a row.
pub fn show(ui: &mut egui::Ui, topic: &str) {
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
    let corners: Vec<Pos2> = (0..3).map(|i| at(i as f32 * TAU / 3.0, 24.0)).collect();
    painter.add(Shape::convex_polygon(
        corners,
        picture.fill,
        Stroke::new(1.0, Color32::BLACK),
    ));
    let dark = Color32::from_rgb(13, 13, 20);
    if !picture.face_down {
        match picture.emblem {
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
    match picture.border {
        Border::None => {}
        Border::Red => {
            painter.circle_stroke(
                center,
                27.0,
                Stroke::new(2.5, Color32::from_rgb(230, 13, 13)),
            );
        }
        Border::Yellow => {
            painter.circle_stroke(
                center,
                27.0,
                Stroke::new(2.5, Color32::from_rgb(242, 217, 26)),
            );
        }
        Border::Dotted => {
            for i in 0..12 {
                let dot = at(i as f32 * TAU / 12.0, 27.0);
                painter.circle_filled(dot, 2.0, Color32::from_rgb(115, 191, 255));
            }
        }
    }
    painter.text(
        rect.center_bottom() - vec2(0.0, 2.0),
        egui::Align2::CENTER_BOTTOM,
        picture.name,
        egui::FontId::proportional(11.0),
        Color32::from_gray(210),
    );
}
