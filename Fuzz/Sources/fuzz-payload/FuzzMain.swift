import FuzzDriver

@main
enum FuzzPayloadMain {
    static func main() { runLibFuzzer(fuzzPayload) }
}
