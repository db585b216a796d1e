import Foundation

/// What an LLM answer may not say: that something was done. Only the conversation's state
/// machine registers, confirms, books or promises a call back (and says so in its own
/// sentences, once the database has committed the lead). An answer that claims any of it, in
/// French or English, is not shown; the usual neutral sentence replaces it.
public enum ClaimCheck {
    /// Patterns over folded text (lower case, no accents, straight apostrophes).
    static let patterns: [NSRegularExpression] = [
        // French: first person, done ("j'ai bien enregistré", "je t'ai inscrit", "on a noté").
        #"\b(j'ai|je t'ai|je vous ai|nous avons|on a|je viens de|c'est)\s+(bien\s+|deja\s+|maintenant\s+|desormais\s+)*(t'|vous\s+)?(pre-?)?(enregistre|inscri|confirme|reserve|note|transmis|valide|pris en compte)"#,
        // French: the prospect is registered ("tu es inscrit", "vous êtes bien enregistrée").
        #"\b(tu es|tu as ete|t'es|vous etes|vous avez ete)\s+(bien\s+|maintenant\s+|desormais\s+|deja\s+)*(ete\s+)?(pre-?)?(enregistre|inscrit|confirme|reserve|note)"#,
        // French: the registration is done ("ta pré-inscription est confirmée", "ta place a été réservée").
        #"\b(pre-?inscription|inscription|reservation|place|demande|dossier|candidature)\s+(est|a ete|sont|ont ete)\s+(bien\s+|maintenant\s+|desormais\s+|deja\s+)*(ete\s+)?(enregistre|confirme|reserve|valide|prise en compte|transmis|note)"#,
        #"\bc'est (confirme|fait|enregistre|note|reserve|valide)\b"#,
        // French: a call back promised ("on te recontacte sous 24 h", "l'équipe va te rappeler").
        #"\b(on|nous|l'equipe|notre equipe|un conseiller|quelqu'un)\s+(va|vont|allons)\s+(te|vous)\s+(recontacter|rappeler|contacter)\b"#,
        #"\b(on|nous|l'equipe|notre equipe|un conseiller|quelqu'un)\s+(te|vous)\s+(recontacte|rappelle|contacte|recontactera|rappellera|contactera)\w*\s+(sous|dans|demain|tres vite|rapidement|bientot|des|aujourd'hui)\b"#,
        // English: done by Madi ("I've registered you", "we have booked").
        #"\b(i've|i have|we've|we have|i just|i)\s+(now\s+|successfully\s+|just\s+|already\s+)*(registered|signed|booked|reserved|confirmed|saved|recorded|noted|enrolled|sent)\b"#,
        // English: the prospect is registered ("you're registered", "you are all signed up").
        #"\b(you're|you are|you've been|you have been)\s+(now\s+|successfully\s+|all\s+|officially\s+)*(pre-?registered|registered|signed up|booked|enrolled|confirmed)"#,
        // English: the registration is done ("your spot is reserved").
        #"\b(registration|pre-registration|booking|reservation|place|spot|seat|enrollment|enrolment|request|sign-up)\s+(is|has been|was)\s+(now\s+|successfully\s+|all\s+)*(confirmed|booked|reserved|saved|recorded|registered|received)"#,
        // English: a call back promised.
        #"\b(we'll|we will|the team will|someone will|an advisor will)\s+(call|contact|reach out|get back|email|e-mail)"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    static func fold(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{2019}", with: "'")
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The part of `text` that claims an action, if any.
    public static func claim(in text: String) -> String? {
        let folded = fold(text)
        let range = NSRange(folded.startIndex..., in: folded)
        for p in patterns {
            if let m = p.firstMatch(in: folded, range: range), let r = Range(m.range, in: folded) {
                return String(folded[r])
            }
        }
        return nil
    }
}
