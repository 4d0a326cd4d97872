export default function Home() {
  return <main><h1>Kinora</h1></main>;
}
