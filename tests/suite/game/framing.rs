//! The camera's framing (`table::framing`): the board fills the table's viewport, and the
//! piles' corners lie off the board.

use bevy::prelude::*;
use star_trek_panic::game::table::parts::on_board;
use star_trek_panic::game::table::scene::framing::*;

#[test]
fn the_board_fills_what_it_may_of_the_viewport() {
    for viewport in [Vec2::new(700.0, 600.0), Vec2::new(560.0, 480.0)] {
        let room = rim_room(rim_font(viewport.y));
        let fit = fitted(0.0, 1.2, viewport, room);
        let camera = camera_at(0.0, 1.2, fit.distance, fit.shift);
        let aspect = viewport.x / viewport.y;
        let top = to_ndc(&camera, aspect, on_board(0.0, BOARD_RADIUS, 0.0)).unwrap();
        let bottom = to_ndc(
            &camera,
            aspect,
            on_board(std::f32::consts::PI, BOARD_RADIUS, 0.0),
        )
        .unwrap();
        let limit = fill(viewport, room);
        assert!(top.y <= limit.y + 1e-3 && bottom.y >= -limit.y - 1e-3);
        // Tight on one axis: the board is as large as it may be.
        let height = top.y - bottom.y;
        let right = to_ndc(
            &camera,
            aspect,
            on_board(std::f32::consts::FRAC_PI_2, BOARD_RADIUS, 0.0),
        )
        .unwrap();
        assert!(height >= 2.0 * limit.y - 0.02 || right.x >= limit.x - 0.01);
        // Centred: as far above the middle as below it.
        assert!((top.y + bottom.y).abs() < 0.02, "{top} {bottom}");
    }
}

/// A wide table tilts the board into an ellipse that fills its width, with depth; a narrow
/// one looks down from above, where a tilt would only shorten the board. Either way the board
/// is at least as large as from the steepest pitch.
#[test]
fn a_wide_table_tilts_the_board_and_a_narrow_one_looks_down() {
    let pitch_at = |viewport: Vec2| {
        let room = rim_room(rim_font(viewport.y));
        let best = best_fit(viewport, room);
        let steepest = fitted(0.0, 1.2, viewport, room);
        assert!(best.distance <= steepest.distance, "{viewport}: {best:?}");
        assert_eq!(
            fitted(0.0, best.pitch, viewport, room),
            best,
            "{viewport}: the fit is worked out for its own pitch"
        );
        best.pitch
    };
    // The table's viewport at 1280x720 and at 1920x1080 with the panels laid out.
    for wide in [Vec2::new(790.0, 560.0), Vec2::new(1200.0, 840.0)] {
        assert!(pitch_at(wide) < 1.2, "{wide}");
    }
    // At 1024x600, and a square one.
    for narrow in [Vec2::new(560.0, 480.0), Vec2::new(600.0, 600.0)] {
        assert_eq!(pitch_at(narrow), 1.2, "{narrow}");
    }
}

#[test]
fn the_piles_stand_off_the_board() {
    for corner in corners(0.0, 1.2, Vec2::new(700.0, 600.0), rim_room(15.0)) {
        assert!(corner.length() > BOARD_RADIUS, "{corner}");
    }
}

/// The die lands with the rolled value's pips on top (1 up, 2 at +X, 3 at +Z, opposite
/// faces adding to 7, as the die's pips are laid out).
#[test]
fn the_die_lands_on_the_rolled_face() {
    use star_trek_panic::game::table::scene::die::face_up;
    let faces = [
        (1, Vec3::Y),
        (6, Vec3::NEG_Y),
        (2, Vec3::X),
        (5, Vec3::NEG_X),
        (3, Vec3::Z),
        (4, Vec3::NEG_Z),
    ];
    for (value, normal) in faces {
        let up = face_up(value) * normal;
        assert!(up.distance(Vec3::Y) < 1e-5, "face {value} ends at {up}");
    }
}

/// Tokens sharing a space sit side by side while the ring has room for them at no less than
/// 0.84 of their size (two in Short, four in Medium and in Long); in a space more crowded
/// than that (three in Short, five in Medium) they fan out over each other at full size, each
/// numeral but the top one moved onto the strip its neighbour leaves bare.
#[test]
fn crowded_spaces_sit_side_by_side_or_fan_out_at_full_size() {
    use star_trek_panic::game::table::scene::pieces::{Fanned, TOKEN_RADIUS, token_transform};
    use stp_rules::Range;
    let place = |range, slot, of| {
        let fan = Fanned {
            slot,
            of,
            stagger: 0,
        };
        (
            token_transform(1, range, fan, false),
            fan.numeral_shift(range),
        )
    };
    for (range, of) in [(Range::Short, 2), (Range::Medium, 4), (Range::Long, 4)] {
        let places: Vec<_> = (0..of).map(|slot| place(range, slot, of)).collect();
        for (slot, (at, shift)) in places.iter().enumerate() {
            assert!(
                at.scale.x >= 0.84,
                "{range:?}: slot {slot} shrunk to {}",
                at.scale.x
            );
            assert_eq!(
                *shift, 0.0,
                "{range:?}: slot {slot}'s numeral stays centred"
            );
            if let Some((next, _)) = places.get(slot + 1) {
                let gap = at.translation.distance(next.translation);
                assert!(
                    gap >= 2.0 * TOKEN_RADIUS * at.scale.x,
                    "{range:?}: slot {slot} overlaps the next by {}",
                    2.0 * TOKEN_RADIUS * at.scale.x - gap
                );
            }
        }
    }
    for (range, of) in [(Range::Short, 3), (Range::Medium, 5)] {
        let places: Vec<_> = (0..of).map(|slot| place(range, slot, of)).collect();
        for (slot, (at, shift)) in places.iter().enumerate() {
            assert!(
                at.scale.x > 0.99,
                "{range:?}: slot {slot} shrunk to {}",
                at.scale.x
            );
            if let Some((next, _)) = places.get(slot + 1) {
                // The next token lies over this one, but its edge stays clear of the numeral
                // (about 0.22 wide): the numeral's centre is that far from it.
                let gap = at.translation.distance(next.translation);
                let clear = gap - TOKEN_RADIUS - shift;
                assert!(
                    *shift <= 0.0 && clear >= 0.12,
                    "{range:?}: slot {slot} clear by {clear}"
                );
                assert!(
                    next.translation.y > at.translation.y,
                    "{range:?}: slot {slot} lies on top"
                );
            } else {
                assert_eq!(*shift, 0.0, "the top token's numeral stays centred");
            }
        }
    }
}

/// Every kind of threat has a look of its own, and captains and cloakers their rims.
#[test]
fn each_kind_of_threat_has_its_own_look() {
    use star_trek_panic::game::table::scene::looks::{Look, Rim, rim_of};
    use stp_rules::content::builtin;
    let content = builtin();
    let token = |kind: &str| {
        (0..content.threats.len() as u8)
            .find(|t| content.threat(*t).kind == kind)
            .unwrap_or_else(|| panic!("a {kind} token"))
    };
    for (kind, look) in [
        ("klingon_cruiser", Look::KlingonCruiser),
        ("romulan_battle_cruiser", Look::RomulanCruiser),
        ("romulan_bird_of_prey", Look::BirdOfPrey),
        ("tholian", Look::Tholian),
        ("comet", Look::Comet),
        ("starbase", Look::Starbase),
        ("kang", Look::KlingonCruiser),
    ] {
        assert_eq!(Look::of(token(kind)), look, "{kind}");
    }
    assert!(matches!(rim_of(token("kor")), Rim::Captain(_)));
    assert_eq!(rim_of(token("starbase")), Rim::Starbase);
    assert_eq!(rim_of(token("romulan_bird_of_prey")), Rim::Cloaks);
    assert_eq!(rim_of(token("klingon_cruiser")), Rim::None);
    // Each look's chit has an outline of its own (its number of sides), so the shape says the
    // faction in greyscale too.
    let shapes: std::collections::BTreeSet<_> = Look::ALL.iter().map(|l| l.chit().0).collect();
    assert_eq!(
        shapes.len(),
        Look::ALL.len(),
        "each look has a shape of its own"
    );
    // Each look's place in every table of looks is its place in `ALL`.
    for (i, look) in Look::ALL.iter().enumerate() {
        assert_eq!(look.index(), i, "{look:?}");
    }
    let by_look = star_trek_panic::game::table::scene::looks::ByLook::new(|look| look.chit().0);
    for look in Look::ALL {
        assert_eq!(by_look[look], look.chit().0, "{look:?}");
    }
}

/// Effects fade rather than vanish: a beam or blast starts full and fades to nothing, a piece
/// landing with reduced motion fades in and out, and a cloak's shimmer flickers as it fades.
#[test]
fn effects_fade_instead_of_vanishing() {
    use star_trek_panic::game::table::scene::effects::Fade;
    let steps: Vec<f32> = (0..=20).map(|i| i as f32 / 20.0).collect();
    let out: Vec<f32> = steps.iter().map(|t| Fade::Out.strength(*t)).collect();
    assert!(
        (out[0] - 1.0).abs() < 1e-6 && out[20].abs() < 1e-6,
        "{out:?}"
    );
    assert!(out.windows(2).all(|w| w[1] <= w[0]), "{out:?}");
    let landing: Vec<f32> = steps.iter().map(|t| Fade::InOut.strength(*t)).collect();
    assert!(
        landing[0].abs() < 1e-6 && landing[20].abs() < 1e-3,
        "{landing:?}"
    );
    assert!((landing[10] - 1.0).abs() < 1e-6, "{landing:?}");
    let shimmer: Vec<f32> = steps.iter().map(|t| Fade::Shimmer.strength(*t)).collect();
    assert!(shimmer[20].abs() < 1e-6, "{shimmer:?}");
    let rises = shimmer.windows(2).filter(|w| w[1] > w[0]).count();
    assert!(rises >= 3, "a shimmer flickers: {shimmer:?}");
}

/// Rulebook "Tholians": a Tholian in Short Range traps the Enterprise in its web. The web's
/// strands run from the Tholian's piece to the Shields on its side of the ship.
#[test]
fn tholians_web_runs_from_the_tholian_to_the_shields_it_faces() {
    use star_trek_panic::game::table::parts::sector_angle;
    use star_trek_panic::game::table::scene::pieces::{Fanned, TOKEN_RADIUS, token_transform};
    use star_trek_panic::game::table::scene::web::{WEB_RADIUS, strands};
    use stp_rules::Range;
    for sector in 0..6u8 {
        let at = token_transform(
            sector,
            Range::Short,
            Fanned {
                slot: 0,
                of: 1,
                stagger: 0,
            },
            false,
        );
        let lines = strands(at.translation, sector);
        assert!(lines.len() >= 5, "{lines:?}");
        for line in &lines[..5] {
            let (start, end) = (line[0], *line.last().unwrap());
            // From the piece's edge, never across its face (and its Defense).
            let from_centre = start.xz().distance(at.translation.xz());
            assert!(
                (from_centre - 0.95 * TOKEN_RADIUS).abs() < 1e-3,
                "{from_centre}"
            );
            assert!((end.xz().length() - WEB_RADIUS).abs() < 1e-3, "{end}");
            let angle = end.x.atan2(-end.z).rem_euclid(std::f32::consts::TAU);
            let off = (angle - sector_angle(sector) + std::f32::consts::PI)
                .rem_euclid(std::f32::consts::TAU)
                - std::f32::consts::PI;
            assert!(
                off.abs() < 0.7,
                "sector {sector}: strand ends {off} rad off its middle"
            );
        }
    }
}

/// The spaces that hold a piece are lit in their ring's colour, and no other (readers took a
/// piece near a ring's edge for the ring beside it); a piece that leaves takes the light with
/// it.
#[test]
fn the_spaces_that_hold_a_piece_are_lit_and_no_other() {
    use bevy::ecs::system::RunSystemOnce;
    use star_trek_panic::game::table::report::occupied::{OccupiedSpace, light_spaces};
    use stp_rules::{GameOptions, GameState, Position, Range};

    let mut app = super::app(None);
    super::start(&mut app, GameOptions::quick(5, 2, "cadet"));
    for sector in 0..6u8 {
        for range in [Range::Long, Range::Medium, Range::Short] {
            app.world_mut().spawn((
                OccupiedSpace(Position::new(range, sector)),
                Visibility::Hidden,
            ));
        }
    }
    let lit = |app: &mut App| -> Vec<Position> {
        app.world_mut()
            .run_system_once(light_spaces)
            .expect("the system runs");
        let mut query = app.world_mut().query::<(&OccupiedSpace, &Visibility)>();
        let mut lit: Vec<Position> = query
            .iter(app.world())
            .filter(|(_, v)| **v != Visibility::Hidden)
            .map(|(space, _)| space.0)
            .collect();
        lit.sort_by_key(|p| (p.range as u8, p.sector));
        lit
    };
    let held = |state: &GameState| -> Vec<Position> {
        let mut held: Vec<Position> = state.threats().iter().map(|t| t.pos).collect();
        held.extend(state.mission_tokens().iter().map(|m| m.pos));
        held.sort_by_key(|p| (p.range as u8, p.sector));
        held.dedup();
        held
    };
    // What the table shows (the threat phase is paced, so the board may lag the rules).
    let shown = |app: &App| {
        let shown = app
            .world()
            .resource::<star_trek_panic::game::pacing::Shown>();
        held(shown.get().expect("a game is shown"))
    };
    let now = shown(&app);
    assert!(!now.is_empty(), "a dealt game has threats on the board");
    assert_eq!(lit(&mut app), now);
    // The bot plays on until the pieces stand elsewhere: the light follows them.
    assert!(super::bot_until(&mut app, 400, |s| held(s) != now));
    for _ in 0..600 {
        if shown(&app) != now {
            break;
        }
        app.update();
    }
    let later = shown(&app);
    assert_ne!(later, now, "the board shows the pieces moved");
    assert_eq!(lit(&mut app), later);
}

/// The console the board is set in begins at the board's rim (it covers no ring), and its lit
/// groove runs unbroken round the board in one colour: bars in four colours read as marks
/// with a meaning nobody was told (reads 23–25).
#[test]
fn the_console_rings_the_board_with_an_unbroken_lit_groove() {
    use star_trek_panic::game::table::scene::console_table::{
        ACROSS, AROUND, GROOVE_GLOW, INNER, LIGHTS, console_pixels,
    };
    use star_trek_panic::game::table::scene::framing::BOARD_RADIUS;
    const { assert!(INNER >= BOARD_RADIUS, "the console covers no ring") };
    let pixels = console_pixels();
    assert_eq!(pixels.len(), ACROSS * AROUND * 4);
    // The light's hue, at the brightness the groove's middle shows it.
    let lit = LIGHTS[0].map(|v| (v * GROOVE_GLOW) as u8);
    // Every step round the console crosses the groove's light.
    for (a, row) in pixels.chunks(ACROSS * 4).enumerate() {
        assert!(
            row.chunks(4).any(|p| [p[0], p[1], p[2]] == lit),
            "the groove is broken {a} steps round"
        );
    }
    // Opaque throughout: the sky shows only beyond the console.
    assert!(pixels.chunks(4).all(|p| p[3] == 255));
}

#[test]
fn a_chits_face_is_printed_with_a_line_inset_along_its_outline() {
    use star_trek_panic::game::table::scene::looks::chit_face_pixels;
    const SIZE: usize = 128;
    // The grey at a point of the face, from its middle (x right, y up, 1 the texture's edge).
    let grey = |pixels: &[u8], x: f32, y: f32| {
        let col = (((x + 1.0) / 2.0 * SIZE as f32) as usize).min(SIZE - 1);
        let row = (((1.0 - y) / 2.0 * SIZE as f32) as usize).min(SIZE - 1);
        pixels[(row * SIZE + col) * 4]
    };
    for sides in [3u32, 6, 8, 40] {
        let pixels = chit_face_pixels(sides, SIZE);
        assert_eq!(pixels.len(), SIZE * SIZE * 4);
        // Towards a corner (angle 0) and towards the middle of an edge (angle pi/sides), the
        // outline lies at 1 and at cos(pi/sides): the printed line at 0.825 of each is dark,
        // the face inside it light.
        let half = std::f32::consts::PI / sides as f32;
        for (angle, outline) in [(0.0f32, 1.0f32), (half, half.cos())] {
            let at = |r: f32| {
                grey(
                    &pixels,
                    angle.cos() * r * outline,
                    angle.sin() * r * outline,
                )
            };
            let (face, line) = (at(0.5), at(0.825));
            assert!(
                face > 200 && f32::from(line) < f32::from(face) * 0.75,
                "{sides} sides at {angle}: face {face}, line {line}"
            );
        }
    }
}

/// A chit's dark collar follows its outline (read 30 took a Klingon's hexagon in a round halo
/// for "a red disc"): for every kind, each of the collar's outer corners lies a little outside
/// one of the chit's own corners, at its angle, and the collar faces up.
#[test]
fn a_chits_collar_follows_its_outline() {
    use bevy::mesh::VertexAttributeValues;
    use star_trek_panic::game::table::scene::looks::{Look, chit, collar};
    let points = |mesh: &Mesh| match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
        Some(VertexAttributeValues::Float32x3(points)) => points.clone(),
        other => panic!("positions: {other:?}"),
    };
    for look in Look::ALL {
        let corners: Vec<Vec2> = points(&chit(look))
            .iter()
            .map(|p| Vec2::new(p[0], p[2]))
            .filter(|p| p.length() > 0.01)
            .collect();
        let corner = corners.iter().map(|p| p.length()).fold(0.0, f32::max);
        let collar = collar(look);
        let ring = points(&collar);
        let outer: Vec<Vec2> = ring
            .iter()
            .map(|p| Vec2::new(p[0], p[2]))
            .filter(|p| p.length() > corner * 1.02)
            .collect();
        assert_eq!(
            outer.len() * 2,
            ring.len(),
            "{look:?}: every other point is outer"
        );
        for point in &outer {
            assert!(
                corners
                    .iter()
                    .any(|c| (c.normalize() - point.normalize()).length() < 1e-3),
                "{look:?}: a collar corner at {point} lies at none of the chit's corners"
            );
            assert!(
                (point.length() / corner - 1.035).abs() < 1e-3,
                "{look:?}: {point} is not just outside the chit"
            );
        }
        // Every triangle faces up, so the collar is seen from the camera above the board.
        let Some(bevy::mesh::Indices::U32(indices)) = collar.indices() else {
            panic!("{look:?}: indices");
        };
        for triangle in indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(ring[triangle[k] as usize]));
            assert!(
                (b - a).cross(c - a).y > 0.0,
                "{look:?}: a triangle faces down"
            );
        }
    }
}

/// The Enterprise's saucer carries her markings: her registry in dark ink before the bridge
/// (the texture's fore half, its top), and lit windows only round her rim; the rest is her
/// hull's light grey (read 25: "a grey primitive model").
#[test]
fn the_saucer_carries_her_registry_and_lit_windows() {
    use star_trek_panic::game::table::scene::ship_markings::{SIZE, saucer_pixels};
    let (colour, lit) = saucer_pixels();
    assert_eq!(colour.len(), SIZE * SIZE * 4);
    let at = |x: usize, y: usize| (y * SIZE + x) * 4;
    let from_middle = |x: usize, y: usize| {
        let d = |v: usize| (v as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0;
        (d(x).powi(2) + d(y).powi(2)).sqrt()
    };
    let (mut ink_fore, mut ink_aft, mut windows) = (0, 0, 0);
    for y in 0..SIZE {
        for x in 0..SIZE {
            if colour[at(x, y)] < 80 {
                match y < SIZE / 2 {
                    true => ink_fore += 1,
                    false => ink_aft += 1,
                }
            }
            if lit[at(x, y)] > 0 {
                windows += 1;
                let r = from_middle(x, y);
                assert!(
                    (0.88..0.96).contains(&r),
                    "a window lit at {r} of the radius"
                );
            }
        }
    }
    assert!(ink_fore > 200, "the registry's ink: {ink_fore} pixels");
    assert_eq!(ink_aft, 0, "ink aft of the bridge");
    assert!(windows > 100, "{windows} window pixels lit");
}

/// A cloaking ship's dashes trace its chit's outline a little outside it (a ring of dots round
/// a hexagon read as "a dotted disc, not a hexagon", read 39; dots on the outline as a cog's
/// teeth round the Bird-of-Prey, read 46): for every kind, each point of the dashes lies on a
/// side of the chit's outline grown by a tenth to 22 hundredths, none at a corner, a dash a side (a
/// dozen round a disc), spread along the whole outline.
#[test]
fn a_cloaking_ships_dashes_trace_its_chits_outline() {
    use bevy::mesh::VertexAttributeValues;
    use star_trek_panic::game::table::scene::looks::{CLOAK_DASH_GROWTH, Look, chit, cloak_dashes};
    for look in Look::ALL {
        let positions = |mesh: Mesh| match mesh.attribute(Mesh::ATTRIBUTE_POSITION).cloned() {
            Some(VertexAttributeValues::Float32x3(points)) => points
                .iter()
                .map(|p| Vec2::new(p[0], p[2]))
                .collect::<Vec<_>>(),
            _ => panic!("{look:?}: positions"),
        };
        let flat = positions(chit(look));
        let corner = flat.iter().map(|p| p.length()).fold(0.0, f32::max);
        let mut corners: Vec<Vec2> = flat
            .into_iter()
            .filter(|p| p.length() > corner * 0.999)
            .collect();
        corners.sort_by(|a, b| a.to_angle().total_cmp(&b.to_angle()));
        corners.dedup_by(|a, b| a.distance(*b) < 1e-4);
        let dashes = positions(cloak_dashes(look));
        let expected = if corners.len() <= 8 {
            corners.len()
        } else {
            12
        };
        // Five steps of two points (inside and outside) a dash.
        assert_eq!(dashes.len(), expected * 10, "{look:?}");
        for point in &dashes {
            let on_a_side = [CLOAK_DASH_GROWTH.0, CLOAK_DASH_GROWTH.1]
                .iter()
                .any(|grown| {
                    (0..corners.len()).any(|i| {
                        let (a, b) = (corners[i] * grown, corners[(i + 1) % corners.len()] * grown);
                        (point.distance(a) + point.distance(b) - a.distance(b)).abs() < 1e-3
                    })
                });
            assert!(on_a_side, "{look:?}: {point} is off the grown outline");
            if corners.len() <= 8 {
                let nearest = corners
                    .iter()
                    .map(|c| point.distance(*c * (point.length() / c.length())))
                    .fold(f32::MAX, f32::min);
                assert!(nearest > corner * 0.1, "{look:?}: {point} at a corner");
            }
        }
        // Spread round it: every quarter of the turn holds some.
        for quarter in 0..4 {
            let from = -std::f32::consts::PI + quarter as f32 * std::f32::consts::FRAC_PI_2;
            assert!(
                dashes
                    .iter()
                    .any(|p| (from..from + std::f32::consts::FRAC_PI_2).contains(&p.to_angle())),
                "{look:?}: no dash in quarter {quarter}"
            );
        }
    }
}

/// Two ships moving into one space land side by side, in the order they stand now, so their
/// arrows never cross and each shot leaves its own ship (read 39: two arrows met at one point
/// and the one shot left from their tangle); a ship moving in beside one that stays lands
/// beside it.
#[test]
fn movers_into_one_space_land_side_by_side_in_order() {
    use star_trek_panic::game::table::marks::intent::landing;
    use star_trek_panic::game::table::parts::sector_angle;
    let state = super::table_with_threats(
        r#"(kind: "koloth", range: Medium, sector: 3),
           (kind: "klingon_cruiser", range: Medium, sector: 3),
           (kind: "romulan_battle_cruiser", range: Short, sector: 5),
           (kind: "klingon_cruiser", range: Medium, sector: 5),
           (kind: "klingon_cruiser", range: Long, sector: 1)"#,
    );
    let preview = state.threat_preview().expect("a forecast");
    // Clockwise from the board's top, as the table lays its sectors out.
    let angle = |at: Vec3| at.x.atan2(-at.z);
    let threats = state.threats();
    let lands = |i: usize| {
        let intent = preview
            .threats
            .iter()
            .find(|p| p.token == threats[i].token)
            .expect("a forecast for each");
        angle(landing(
            &state,
            &preview,
            intent.token,
            intent.to.expect("it moves"),
        ))
    };
    // A space's pieces stand clockwise in the state's order (KOLOTH, then the Klingon), and
    // land so, apart.
    assert!(lands(0) < lands(1), "their arrows cross");
    assert!(lands(1) - lands(0) > 0.2, "they land together");
    // The Klingon moving in beside the Romulan that stays at the space's centre lands beside it.
    let centre = sector_angle(threats[2].pos.sector);
    assert!((lands(3) - centre).abs() > 0.2, "it lands on the Romulan");
    // A lone mover into an empty space lands at its centre: it is no company for itself.
    let centre = sector_angle(threats[4].pos.sector);
    assert!(
        (lands(4) - centre).abs() < 1e-3,
        "a lone mover stepped aside"
    );
}

/// Two shots at one facing land side by side on its arc, so each has its own line and burst
/// (read 50: a Klingon in Short Range and KANG moving into Medium fired along one line, read
/// as one shot); a lone shot lands at its arc's middle.
#[test]
fn two_shots_at_one_facing_land_apart() {
    use star_trek_panic::game::table::marks::intent_lines::shot_aside;
    let state = super::table_with_threats(
        r#"(kind: "klingon_cruiser", range: Short, sector: 2),
           (kind: "kang", range: Long, sector: 2),
           (kind: "klingon_cruiser", range: Medium, sector: 5)"#,
    );
    let preview = state.threat_preview().expect("a forecast");
    let aside = |i: usize| {
        let intent = preview
            .threats
            .iter()
            .find(|p| p.token == state.threats()[i].token)
            .expect("a forecast for each");
        assert!(intent.fires.is_some(), "threat {i} fires");
        shot_aside(&state, &preview, intent)
    };
    let (klingon, kang) = (aside(0), aside(1));
    assert!(
        (klingon - kang).abs() > 0.1,
        "{klingon} and {kang} land together"
    );
    assert!((klingon + kang).abs() < 1e-4, "about the arc's middle");
    assert_eq!(aside(2), 0.0, "a lone shot stepped aside");
}

/// A lone shot with a piece between its shooter and the ship lands aside on its facing's arc,
/// so its line passes the piece and not its Defense (read 53: KANG's shot from Medium Range ran
/// across a Tholian holding its web in Short, rulebook "Tholians").
#[test]
fn a_lone_shot_passes_a_piece_in_its_way() {
    use star_trek_panic::game::table::marks::intent_lines::shot_aside;
    let state = super::table_with_threats(
        r#"(kind: "kang", range: Long, sector: 5),
           (kind: "tholian", range: Short, sector: 5)"#,
    );
    let preview = state.threat_preview().expect("a forecast");
    let kang = preview
        .threats
        .iter()
        .find(|p| p.token == state.threats()[0].token)
        .expect("KANG in the forecast");
    assert!(kang.fires.is_some(), "KANG fires");
    assert!(
        shot_aside(&state, &preview, kang).abs() > 0.3,
        "the shot passes the Tholian"
    );
}

/// Rulebook "Starbase": it does NOT move or fire, so it has no arrow (read 40's readers asked
/// whether a friendly base moves, at a stub drawn beside it); a ship that moves has one.
#[test]
fn the_starbase_has_no_arrow_and_a_moving_ship_has_one() {
    use star_trek_panic::game::table::marks::intent::moves_to;
    let state = super::table_with_threats(
        r#"(kind: "starbase", range: Medium, sector: 6),
           (kind: "klingon_cruiser", range: Long, sector: 2)"#,
    );
    let preview = state.threat_preview().expect("a forecast");
    let [starbase, klingon] = [0, 1].map(|i| {
        preview
            .threats
            .iter()
            .find(|p| p.token == state.threats()[i].token)
            .expect("a forecast for each")
    });
    assert_eq!(moves_to(starbase), None);
    assert!(moves_to(klingon).is_some_and(|to| to != klingon.from));
}
