import Testing
@testable import MadiCore
import MadiEmail

@Suite("Content loader and lint")
struct LoaderTests {
    @Test func shippedContentLoadsCleanly() {
        #expect(Shipped.content.steps.count >= 10)
        #expect(Shipped.content.catalogue.courses.map(\.id) == ["starter", "performer", "master"])
        #expect(Shipped.content.languages == ["fr", "en"])
    }

    @Test func malformedYAMLNamesFileAndLine() {
        let d = Shipped.load(replacing: "catalogue.yaml") { $0.replacingOccurrences(of: "currency: EUR", with: "currency: [EUR") }
        #expect(d.contains { $0.file == "catalogue.yaml" && $0.message.hasPrefix("malformed YAML") && $0.line != nil })
    }

    @Test func unknownStepReference() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "    next: team_level", with: "    next: team_levle") }
        let hit = d.first { $0.message.contains("unknown step 'team_levle'") }
        #expect(hit?.file == "questionnaire.yaml")
        #expect(hit?.line != nil)
    }

    @Test func unknownCourseReference() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "weights: {master: 3}", with: "weights: {maestro: 3}") }
        #expect(d.contains { $0.message.contains("unknown course 'maestro'") })
    }

    @Test func unreachableStep() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0 + "\n  - id: orphan\n    kind: end\n    prompt: bye.message\n" }
        #expect(d.contains { $0.message == "step 'orphan' is unreachable" && $0.line != nil })
    }

    @Test func stepWithNoWayOut() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "    field: team_size\n    min: 1\n    max: 500\n    next: team_level\n", with: "    field: team_size\n    min: 1\n    max: 500\n") }
        #expect(d.contains { $0.message.contains("step 'team_size' has no way out") })
    }

    @Test func optionLeadingNowhere() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "        next: courses\n", with: "") }
        #expect(d.contains { $0.message.contains("option 'browse' leads nowhere") })
    }

    @Test func duplicateIds() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "  - id: bye\n", with: "  - id: done\n") }
        #expect(d.contains { $0.message.contains("duplicate step id 'done'") })
        let o = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "      - id: quarter", with: "      - id: soon") }
        #expect(o.contains { $0.message.contains("duplicate option id 'soon'") })
        let c = Shipped.load(replacing: "catalogue.yaml") { $0.replacingOccurrences(of: "id: master", with: "id: performer") }
        #expect(c.contains { $0.message.contains("duplicate course id 'performer'") })
    }

    @Test func optionMissingLabelOrSynonymsInALanguage() {
        let d = Shipped.load(replacing: "questionnaire.yaml") {
            $0.replacingOccurrences(of: "label: {fr: \"Former mon équipe\", en: \"Train my team\"}", with: "label: {fr: \"Former mon équipe\"}")
              // (The freelance option's English synonyms, their whole line, whatever it lists.)
              .replacingOccurrences(of: #"          en: \[freelance, freelancer,[^\n]*\n"#, with: "", options: .regularExpression)
        }
        #expect(d.contains { $0.message == "step 'goal' option 'team': no label in 'en'" })
        #expect(d.contains { $0.message == "step 'profile' option 'freelance': no synonyms in 'en'" })
    }

    @Test func missingTranslation() {
        let d = Shipped.load(replacing: "strings/en.yaml") { $0.replacingOccurrences(of: "usage.prompt:", with: "usage_prompt_typo:") }
        #expect(d.contains { $0.file == "strings/en.yaml" && $0.message.contains("missing key 'usage.prompt'") })
        #expect(d.contains { $0.file == "strings/fr.yaml" && $0.message.contains("missing translation of 'usage_prompt_typo'") })
    }

    @Test func unknownPlaceholder() {
        let d = Shipped.load(replacing: "strings/fr.yaml") { $0.replacingOccurrences(of: "{name} dure {duration}", with: "{name} dure {durée}") }
        #expect(d.contains { $0.message.contains("unknown placeholder {durée}") && $0.line != nil })
    }

    @Test func unknownKeyAndKind() {
        let d = Shipped.load(replacing: "questionnaire.yaml") {
            $0.replacingOccurrences(of: "    aspiration: true", with: "    aspirations: true")
              .replacingOccurrences(of: "kind: number", with: "kind: integer")
        }
        #expect(d.contains { $0.message.contains("unknown key 'aspirations'") })
        #expect(d.contains { $0.message.contains("unknown kind 'integer'") })
    }

    @Test func missingFile() {
        var f = Shipped.files
        f["faq.yaml"] = nil
        guard case let .failure(e) = ContentLoader.load(files: f) else { Issue.record("loaded without faq.yaml"); return }
        #expect(e.diagnostics.contains { $0.file == "faq.yaml" && $0.message == "file is missing" })
    }

    @Test func conditionOnUnknownOption() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "quote_when: {goal: team}", with: "quote_when: {goal: teams}") }
        #expect(d.contains { $0.message.contains("step 'goal' has no option 'teams'") })
    }

    @Test func aVagueWordOfSeveralWordsFailsAtStartUp() {
        let d = Shipped.load(replacing: "lexicon.yaml") { $0.replacingOccurrences(of: "vague_words: [choses,", with: "vague_words: [\"plein de choses\", choses,") }
        #expect(d.contains { $0.file == "lexicon.yaml" && $0.line != nil && $0.message.contains("vague_words: 'plein de choses' must be one word") })
    }

    @Test func aWordListPhraseOfStopwordsOnlyFailsAtStartUp() {
        let d = Shipped.load(replacing: "lexicon.yaml") { $0.replacingOccurrences(of: "ciao, bye, \"à plus\"", with: "ciao, bye, \"a+\"") }
        #expect(d.contains { $0.file == "lexicon.yaml" && $0.line != nil && $0.message.contains("goodbyes: 'a+' has no word but stopwords") })
        #expect(Shipped.load(replacing: "lexicon.yaml") { $0 }.isEmpty)
    }

    @Test func cuesOnlyOnAChoiceAndCuedPrefillNeedsThem() {
        let d = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "    prefill: cued\n    cues:\n      fr: [utilise", with: "    prefill: cued\n    kues:\n      fr: [utilise") }
        #expect(d.contains { $0.message.contains("'prefill: cued' needs 'cues'") })
        let notChoice = Shipped.load(replacing: "questionnaire.yaml") {
            $0.replacingOccurrences(of: "    kind: number\n    prompt: team_size.prompt\n", with: "    kind: number\n    prompt: team_size.prompt\n    cues: {fr: [combien], en: [many]}\n")
        }
        #expect(notChoice.contains { $0.message.contains("only a choice step has cues") })
        let notAfter = Shipped.load(replacing: "questionnaire.yaml") {
            $0.replacingOccurrences(of: "    kind: number\n    prompt: team_size.prompt\n", with: "    kind: number\n    prompt: team_size.prompt\n    not_after: {fr: [mon], en: [my]}\n")
        }
        #expect(notAfter.contains { $0.file == "questionnaire.yaml" && $0.line != nil && $0.message.contains("only a choice step has not_after") })
        let names = Shipped.load(replacing: "questionnaire.yaml") {
            $0.replacingOccurrences(of: "    kind: recommend\n", with: "    kind: recommend\n    names: {fr: [offre], en: [offer]}\n")
        }
        #expect(names.contains { $0.file == "questionnaire.yaml" && $0.line != nil && $0.message.contains("only a question has names") })
        let months = Shipped.load(replacing: "questionnaire.yaml") { $0.replacingOccurrences(of: "months: 3", with: "months: trois") }
        #expect(months.contains { $0.message.contains("option 'quarter': 'months' must be a whole number") })
    }

    @Test func diagnosticsPrintAsFileLineMessage() {
        #expect(Diagnostic(file: "a.yaml", line: 3, message: "boom").description == "a.yaml:3: boom")
        #expect(Diagnostic(file: "a.yaml", line: nil, message: "boom").description == "a.yaml: boom")
    }

    @Test func everyEmailProblemHasAFriendlyMessageInEveryLanguage() {
        for key in ContentValidator.emailKeys {
            for lang in Shipped.content.languages { #expect(Shipped.content.strings.has(key, lang), "\(key) in \(lang)") }
        }
        let p = EmailProblem.domainNoDot("gmail")
        #expect(Shipped.content.strings.text("email.invalid." + p.key, "fr", p.params).contains("« gmail » n'existe pas sous cette forme"))
    }
}
