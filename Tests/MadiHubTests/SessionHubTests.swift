import Foundation
import MadiCore
import MadiScenarios
import Testing
@testable import MadiHub

@Suite("Session hub")
struct SessionHubTests {
    func hub(_ configure: (inout HubConfig) -> Void = { _ in }, clock: ManualClock = ManualClock(),
             assistant: Assistant? = nil, leads: LeadSink = MemoryLeadSink(), store: SessionStore? = nil) -> SessionHub {
        var config = HubConfig()
        configure(&config)
        return SessionHub(engine: Shipped.engine, leads: leads, assistant: assistant, config: config,
                          today: { Shipped.today }, clock: clock, store: store)
    }

    func start(_ hub: SessionHub, _ sid: String?, _ answers: Answers, tag: String? = nil) {
        hub.submit(.start(session: sid, language: "fr", context: .init()), reply: answers.record(tag ?? sid ?? "start"))
    }

    @Test func anIdleSessionExpiresAtItsTTLAndAUsedOneDoesNot() {
        let clock = ManualClock()
        let hub = hub({ $0.ttl = 60 }, clock: clock)
        let a = Answers()
        start(hub, "idle", a)
        start(hub, "used", a)
        _ = a.wait("idle"); _ = a.wait("used")
        clock.advance(by: 40)
        hub.submit(.say(session: "used", text: "oui"), reply: a.record("used-1"))
        #expect(a.wait("used-1")?.step == "goal")
        clock.advance(by: 20.5) // idle: 60.5 s without a request; used: 20.5 s
        hub.submit(.state(session: "idle"), reply: a.record("idle-late"))
        hub.submit(.state(session: "used"), reply: a.record("used-2"))
        let late = a.wait("idle-late")
        #expect(late?.code == "unknown_session")
        #expect(late?.message == "no live session 'idle' (never started, ended, or expired after 60 s idle)")
        #expect(a.wait("used-2")?.step == "goal")
        #expect(hub.liveSessions == 1)
    }

    @Test func aSweepDropsOnlyTheSessionsPastTheirTTL() {
        let clock = ManualClock()
        let hub = hub({ $0.ttl = 10 }, clock: clock)
        let a = Answers()
        for i in 0..<5 { start(hub, "old\(i)", a) }
        clock.advance(by: 6)
        for i in 0..<3 { start(hub, "new\(i)", a) }
        hub.waitForIdle()
        clock.advance(by: 5) // old: 11 s idle, new: 5 s
        hub.sweep()
        #expect(hub.liveSessions == 3)
        #expect(hub.isLive("new0"))
        #expect(!hub.isLive("old0"))
    }

    @Test func theSessionCapRefusesAndAnEndFreesAPlace() {
        let hub = hub { $0.maxSessions = 2 }
        let a = Answers()
        start(hub, nil, a, tag: "1")
        start(hub, nil, a, tag: "2")
        start(hub, nil, a, tag: "3")
        #expect(a.wait("3")?.code == "too_many_sessions")
        #expect(a.wait("1")?.session == "s1")
        hub.submit(.end(session: "s1"), reply: a.record("end"))
        #expect({ if case .ended("s1")? = a.wait("end") { return true }; return false }())
        start(hub, nil, a, tag: "4")
        #expect(a.wait("4")?.step == "welcome")
        #expect(a.wait("4")?.session == "s3")
    }

    @Test func aFullTableSweepsAtMostOnceASecondOfItsClock() {
        let clock = ManualClock()
        let hub = hub({ $0.maxSessions = 10; $0.ttl = 30 }, clock: clock)
        let a = Answers()
        for i in 0..<10 { start(hub, "k\(i)", a) }
        for i in 0..<500 { start(hub, "x\(i)", a) }
        #expect(hub.sweeps == 0)
        clock.advance(by: 0.9)
        start(hub, "y", a)
        #expect(hub.sweeps == 0) // refusals within the first second sweep nothing
        clock.advance(by: 0.2)
        start(hub, "z", a)
        #expect(hub.sweeps == 1)
        #expect(a.wait("z")?.code == "too_many_sessions") // nobody was idle long enough
        clock.advance(by: 30)
        start(hub, "late", a)
        #expect(hub.sweeps == 2)
        #expect(a.wait("late")?.step == "welcome")
        #expect(hub.liveSessions == 1)
    }

    @Test func aClientsIdIsNeverGivenToAnotherSession() {
        let hub = hub()
        let a = Answers()
        start(hub, "s1", a)
        start(hub, nil, a, tag: "generated")
        #expect(a.wait("generated")?.session == "s2")
        start(hub, "s1", a, tag: "again")
        #expect(a.wait("again")?.code == "session_exists")
    }

    @Test func aSessionsRequestsAreAnsweredInOrder() {
        let hub = hub()
        let a = Answers()
        start(hub, "o", a)
        for i in 0..<40 { hub.submit(i % 2 == 0 ? .say(session: "o", text: "oui") : .command(session: "o", .back), reply: a.record("\(i)")) }
        hub.waitForIdle()
        #expect(a.tags == ["o"] + (0..<40).map(String.init))
    }

    /// One session waits on its LLM call; another goes through a whole conversation meanwhile.
    /// Ending the first cancels its call, and its pending turn still gets its reply, before `ended`.
    @Test func aSlowSessionHoldsUpNoOtherAndItsEndCancelsItsCall() {
        let llm = HeldAssistant()
        let hub = hub(assistant: llm)
        let a = Answers()
        start(hub, "slow", a)
        start(hub, "fast", a)
        hub.submit(.say(session: "slow", text: "oui"), reply: a.record("slow-1"))
        hub.submit(.say(session: "slow", text: "j'en ai assez de recopier des factures"), reply: a.record("slow-2"))
        #expect(llm.entered.wait(timeout: .now() + 20) == .success)
        for (i, text) in ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible"].enumerated() {
            hub.submit(.say(session: "fast", text: text), reply: a.record("fast-\(i)"))
        }
        #expect(a.wait("fast-4")?.step == "recommend")
        #expect(!a.tags.contains("slow-2"))
        hub.submit(.end(session: "slow"), reply: a.record("slow-end"))
        #expect(a.wait("slow-2")?.step == "goal") // asked again: the call was cancelled
        #expect(a.wait("slow-end") != nil)
        #expect(llm.cancelled == 1)
        let order = a.tags.filter { $0.hasPrefix("slow") }
        #expect(order == ["slow", "slow-1", "slow-2", "slow-end"])
    }

    /// Leads being committed hold no thread: 400 conversations wait for their leads' commit at
    /// once, and meanwhile another conversation goes through, the process has few threads, and
    /// a waiting session's next request is answered only after its consent.
    @Test func leadsBeingCommittedHoldNoThread() {
        let leads = HeldLeads()
        let hub = hub({ $0.maxPending = 2_000 }, leads: leads)
        let a = Answers()
        let n = 400
        let script = ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible", "1"]
        for i in 0..<n { start(hub, "s\(i)", a) }
        for (k, text) in script.enumerated() {
            for i in 0..<n { hub.submit(.say(session: "s\(i)", text: text), reply: a.record("s\(i)-\(k)")) }
        }
        for i in 0..<n { hub.submit(.say(session: "s\(i)", text: "p\(i)@exemple.fr"), reply: a.record("s\(i)-mail")) }
        for i in 0..<n { hub.submit(.say(session: "s\(i)", text: "oui"), reply: a.record("s\(i)-consent")) }
        hub.submit(.state(session: "s0"), reply: a.record("s0-after"))
        #expect(leads.waitHeld(n))
        #expect(threadCount() < 100, "\(threadCount()) threads while \(n) leads wait for their commit")
        start(hub, "other", a)
        for (k, text) in script.dropLast().enumerated() { hub.submit(.say(session: "other", text: text), reply: a.record("other-\(k)")) }
        #expect(a.wait("other-4")?.step == "recommend")
        #expect(!a.tags.contains("s0-consent") && !a.tags.contains("s0-after"))
        leads.releaseAll()
        hub.waitForIdle()
        guard case let .reply(_, _, consent, _)? = a.wait("s0-consent") else { Issue.record("no consent reply"); return }
        #expect(consent.leadId?.hasPrefix("lead-") == true)
        let order = a.tags.filter { $0.hasPrefix("s0-") }
        #expect(order.suffix(2) == ["s0-consent", "s0-after"])
        #expect(a.tags.filter { $0.hasSuffix("-consent") }.count == n)
    }

    /// A hub of two pending slots and two sessions, "p" and "q", one of p's turns held in its
    /// LLM call (one slot taken) until `release` is signalled.
    func twoSlotsOneHeld() -> (SessionHub, Answers, HeldAssistant) {
        let llm = HeldAssistant()
        let hub = hub({ $0.maxPending = 2 }, assistant: llm)
        let a = Answers()
        start(hub, "p", a)
        start(hub, "q", a)
        _ = a.wait("p"); _ = a.wait("q")
        hub.submit(.say(session: "p", text: "oui"), reply: a.record("p-1"))
        _ = a.wait("p-1")
        hub.submit(.say(session: "p", text: "j'en ai assez de recopier des factures"), reply: a.record("held"))
        #expect(llm.entered.wait(timeout: .now() + 20) == .success)
        return (hub, a, llm)
    }

    @Test func pendingSlotsRefuseAFrontThatMustNotWait() {
        let (hub, a, llm) = twoSlotsOneHeld()
        hub.submit(.state(session: "q"), reply: a.record("second")) // the second slot, maybe already answered
        _ = a.wait("second")
        hub.submit(.state(session: "p"), reply: a.record("queued")) // behind the held turn: takes the second slot
        let accepted = hub.submit(.state(session: "q"), admission: .refuse, reply: a.record("refused"))
        #expect(!accepted)
        #expect(a.wait("refused")?.code == "overloaded")
        #expect(hub.pendingCount == 2)
        llm.release.signal()
        #expect(a.wait("queued")?.step == "usage")
        #expect(hub.submit(.state(session: "q"), admission: .refuse, reply: a.record("after")))
        #expect(a.wait("after")?.step == "welcome")
    }

    /// A front that waits for a slot (JSON lines) is held while every slot is taken, and goes on
    /// once half of them are free.
    @Test func aFrontWaitingForASlotGoesOnOnceSlotsAreFree() {
        let (hub, a, llm) = twoSlotsOneHeld()
        hub.submit(.state(session: "p"), reply: a.record("queued")) // behind the held turn: both slots taken
        #expect(hub.pendingCount == 2)
        let submitted = DispatchSemaphore(value: 0)
        Thread {
            hub.submit(.state(session: "q"), admission: .wait, reply: a.record("waited"))
            submitted.signal()
        }.start()
        llm.release.signal()
        #expect(submitted.wait(timeout: .now() + 20) == .success)
        #expect(a.wait("waited")?.step == "welcome")
        #expect(a.wait("queued")?.step == "usage")
    }

    @Test func sessionsKeptByTheStoreAreResumedByANewHub() throws {
        let clock = ManualClock()
        let store = MemorySessionStore()
        let first = hub({ $0.ttl = 100 }, clock: clock, store: store)
        let a = Answers()
        start(first, "kept", a)
        start(first, "stale", a)
        start(first, "gone", a)
        first.submit(.say(session: "kept", text: "oui"), reply: a.record("k1"))
        first.submit(.say(session: "kept", text: "automatiser"), reply: a.record("k2"))
        first.submit(.end(session: "gone"), reply: a.record("end"))
        first.waitForIdle()
        #expect(Set(store.all.keys) == ["kept", "stale"])
        clock.advance(by: 60)
        first.submit(.state(session: "kept"), reply: a.record("touch")) // state keeps it fresh too
        first.waitForIdle()
        clock.advance(by: 50) // stale: 110 s idle
        let second = hub({ $0.ttl = 100 }, clock: clock, store: store)
        #expect(try second.resume() == 1)
        #expect(Set(store.all.keys) == ["kept"])
        second.submit(.say(session: "kept", text: "de temps en temps"), reply: a.record("k3"))
        #expect(a.wait("k3")?.step == "profile") // the conversation goes on where it was
        second.submit(.state(session: "stale"), reply: a.record("s"))
        #expect(a.wait("s")?.code == "unknown_session")
    }
}
