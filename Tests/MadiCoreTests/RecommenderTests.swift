import Testing
@testable import MadiCore

@Suite("Recommender and paths")
struct RecommenderTests {
    let c = Shipped.content

    func rec(_ answers: [(String, String)]) -> Recommendation? {
        Recommender.recommend(c, answers: answers.map { (step: $0.0, option: $0.1) })
    }

    @Test func personas() {
        #expect(rec([("goal", "foundations"), ("usage", "none"), ("profile", "student")])?.course == "starter")
        #expect(rec([("goal", "automate"), ("usage", "sometimes"), ("profile", "freelance")])?.course == "performer")
        #expect(rec([("goal", "team"), ("team_level", "beginners")])?.course == "starter")
        #expect(rec([("goal", "build"), ("usage", "builder"), ("profile", "developer")])?.course == "master")
    }

    @Test func aBeginnerWhoWantsToBuildGetsStarterWithMasterAsGoal() {
        let r = rec([("goal", "build"), ("usage", "none"), ("profile", "developer"), ("start_when", "soon")])
        // Unbounded, master would win (3 + 2 against 3); the usage answer caps the level.
        #expect(r?.scores["master"] == 5)
        #expect(r?.course == "starter")
        #expect(r?.goal == "master")
        #expect(r?.cap == "starter")
        #expect(r?.reasons.first?.option == "none") // the answer that set the level comes first
    }

    @Test func aTieGoesToTheLowerCourse() {
        // sometimes: starter 1, performer 2; manager: starter 1 → 2 against 2.
        let r = rec([("usage", "sometimes"), ("profile", "manager")])
        #expect(r?.scores["starter"] == 2 && r?.scores["performer"] == 2)
        #expect(r?.course == "starter")
    }

    @Test func noWeightsMeansTheFirstStep() {
        #expect(rec([("start_when", "soon")])?.course == "starter")
    }

    @Test func reasonsAreTheHeaviestAnswersAtMostThree() {
        let r = rec([("goal", "automate"), ("usage", "daily"), ("profile", "employee"), ("start_when", "soon")])
        #expect(r?.course == "performer")
        #expect(r?.reasons.map(\.option) == ["automate", "daily", "employee"])
    }

    /// Every combination of choice answers, counted independently of the enumerator.
    @Test func pathsCoverEveryCombinationAndGatingHoldsInEveryRow() {
        let rows = PathEnumerator.enumerate(c)
        func count(_ id: String) -> Int { c.step(id)!.options.count }
        let individual = (count("goal") - 1) * count("usage") * count("profile") * count("start_when")
        let team = count("team_level") * count("start_when")
        #expect(rows.count == individual + team)
        let keys = Set(rows.map { $0.answers.map { "\($0.step)=\($0.option)" }.joined(separator: ",") })
        #expect(keys.count == rows.count) // no combination twice
        for row in rows {
            let choices = row.answers.filter { $0.option != "#" }
            let caps = choices.compactMap { c.step($0.step)?.option($0.option)?.cap }.map(c.catalogue.rank)
            let level = caps.min() ?? c.catalogue.courses.count - 1
            #expect(c.catalogue.rank(row.recommendation) <= level, "row \(keys) recommends above the level")
            if let goal = row.goal { #expect(c.catalogue.rank(goal) > c.catalogue.rank(row.recommendation)) }
        }
        #expect(Set(rows.map(\.recommendation)) == ["starter", "performer", "master"])
    }

    /// Each row of the table, replayed through the engine by option numbers, ends on the same course.
    @Test func everyPathReplaysThroughTheEngine() {
        let engine = Shipped.engine
        for row in PathEnumerator.enumerate(c) {
            var turn = engine.start(language: "fr", today: Shipped.today)
            turn = engine.step(turn.session, .choose("start"))
            for a in row.answers {
                let input: Input = a.option == "#" ? .text("5") : .choose(a.option)
                turn = engine.step(turn.session, input)
            }
            #expect(turn.session.step == "recommend")
            #expect(turn.reply.recommendation?.course == row.recommendation)
            #expect(turn.reply.recommendation?.goal == row.goal)
        }
    }
}
