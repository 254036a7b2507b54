//! The rules reference's topics as context help names them (a leaf, so the token pictures and
//! the reference itself both name topics without importing each other).

/// A topic of the rules reference, as context help names it: one for each `## ` heading of
/// `assets/rules/reference.md`, in its order (a test holds the two to each other), so a
/// heading renamed there is a failing test, not a "?" that opens the first topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpTopic {
    Winning,
    Turn,
    Board,
    HitCards,
    SupportCards,
    Damage,
    Maneuvers,
    Threats,
    Klingons,
    Romulans,
    Tholians,
    CometsAndStarbase,
    Boarders,
    Missions,
    Characters,
    Crewmates,
    Keys,
    Rulings,
}

impl HelpTopic {
    pub const ALL: [HelpTopic; 18] = [
        HelpTopic::Winning,
        HelpTopic::Turn,
        HelpTopic::Board,
        HelpTopic::HitCards,
        HelpTopic::SupportCards,
        HelpTopic::Damage,
        HelpTopic::Maneuvers,
        HelpTopic::Threats,
        HelpTopic::Klingons,
        HelpTopic::Romulans,
        HelpTopic::Tholians,
        HelpTopic::CometsAndStarbase,
        HelpTopic::Boarders,
        HelpTopic::Missions,
        HelpTopic::Characters,
        HelpTopic::Crewmates,
        HelpTopic::Keys,
        HelpTopic::Rulings,
    ];

    /// Its heading in the reference.
    pub fn title(self) -> &'static str {
        match self {
            HelpTopic::Winning => "Winning and losing",
            HelpTopic::Turn => "A turn: the seven phases",
            HelpTopic::Board => "The board: rings, sectors and facings",
            HelpTopic::HitCards => "Hit cards",
            HelpTopic::SupportCards => "Support cards",
            HelpTopic::Damage => "Damage: Shields, Hull and the deck",
            HelpTopic::Maneuvers => "Maneuvers",
            HelpTopic::Threats => "Threats: moving and firing",
            HelpTopic::Klingons => "Klingons",
            HelpTopic::Romulans => "Romulans and cloaking",
            HelpTopic::Tholians => "Tholians",
            HelpTopic::CometsAndStarbase => "Comets and the Starbase",
            HelpTopic::Boarders => "Boarders and Security Teams",
            HelpTopic::Missions => "Missions",
            HelpTopic::Characters => "Characters",
            HelpTopic::Crewmates => "Crewmates and the advisor",
            HelpTopic::Keys => "Keys and mouse",
            HelpTopic::Rulings => "Rulings",
        }
    }

    /// The topic with this heading.
    pub fn named(title: &str) -> Option<HelpTopic> {
        HelpTopic::ALL.into_iter().find(|t| t.title() == title)
    }

    /// The topic whose heading begins with `prefix` (the log's "Topic: Damage." names
    /// "Damage: Shields, Hull and the deck").
    pub fn titled(prefix: &str) -> Option<HelpTopic> {
        HelpTopic::ALL
            .into_iter()
            .find(|t| t.title().starts_with(prefix))
    }
}
