//! Every text egui painted in the last frame, with whether it was cut, for the layout report
//! (`texts[]`): read from the frame's shapes after the pass ends and before bevy_egui turns
//! them into meshes. Only when a layout report is asked for (`--layout`): a game never pays.

use bevy::prelude::*;
use bevy_egui::{EguiFullOutput, EguiPostUpdateSet, egui};

use crate::game::launch::Launch;

/// A text as painted: its words, its rect (egui points) and whether it was cut: elided with
/// "…", or reaching past the rect it was clipped to.
#[derive(Debug, Clone)]
pub(crate) struct PaintedText {
    pub text: String,
    pub rect: egui::Rect,
    pub cut: bool,
}

/// The last frame's painted texts.
#[derive(Resource, Debug, Default)]
pub(crate) struct PaintedTexts(pub Vec<PaintedText>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PaintedTexts>().add_systems(
        PostUpdate,
        collect
            .run_if(|launch: Res<Launch>| launch.layout.is_some())
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
}

/// A glyph may stand this far (points) past its clip rect and still read whole: an italic's
/// overhang, a rounded line box.
const SLACK: f32 = 1.5;

fn collect(outputs: Query<&EguiFullOutput>, mut texts: ResMut<PaintedTexts>) {
    let Some(output) = outputs.iter().find_map(|o| o.0.as_ref()) else {
        return;
    };
    texts.0.clear();
    for clipped in &output.shapes {
        gather(&clipped.shape, clipped.clip_rect, &mut texts.0);
    }
}

fn gather(shape: &egui::Shape, clip: egui::Rect, into: &mut Vec<PaintedText>) {
    match shape {
        egui::Shape::Text(text) => {
            let words = text.galley.text().trim();
            if words.is_empty() {
                return;
            }
            let rect = text.visual_bounding_rect();
            let clipped = !clip.expand(SLACK).contains_rect(rect);
            into.push(PaintedText {
                text: words.to_string(),
                rect,
                cut: text.galley.elided || clipped,
            });
        }
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| gather(s, clip, into)),
        _ => {}
    }
}
