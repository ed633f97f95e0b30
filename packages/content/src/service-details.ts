import type { ServiceId } from "./services";

export interface ProcessStep {
  title: string;
  description: string;
}

export interface ServiceDetail {
  id: ServiceId;
  name: string;
  headline: string;
  /** At most 160 characters */
  metaDescription: string;
  intro: string;
  benefits: readonly string[];
  warningSigns: readonly string[];
  processSteps: readonly [ProcessStep, ProcessStep, ProcessStep];
  relatedServices: readonly ServiceId[];
  /** Value for schema.org `serviceType` */
  serviceType: string;
  keywords: readonly string[];
}

export const serviceDetails: readonly ServiceDetail[] = [
  {
    id: "crawl-space-encapsulation",
    name: "Crawl Space Encapsulation",
    headline: "Crawl Space Encapsulation in Asheville, NC",
    metaDescription:
      "Crawl space encapsulation in Asheville, NC: 20-mil vapor barriers, sealed vents and dehumidifiers that stop moisture, mold and musty odors. Free inspection.",
    intro:
      "Most crawl spaces in Western North Carolina were built with open vents and a thin sheet of plastic over bare red clay. Every summer those vents pull warm, humid mountain air underneath the house, where it meets cool framing and ductwork and condenses. Add the moisture that wicks up from damp clay after a week of rain and you get wet insulation, mold on the joists, rot and a musty smell that drifts into the living space — because a large share of the air on your first floor rises from the crawl space. Encapsulation turns that damp, open space into a clean, sealed and dry part of your home. We line the floor and walls with a 20-mil reinforced vapor barrier, seal the vents, rim joists and access door, and install a dehumidifier that holds the relative humidity at 45-55%.",
    benefits: [
      "Stops ground moisture with a 20-mil reinforced vapor barrier, overlapped and taped at every seam and fastened to the foundation walls",
      "Holds crawl space humidity at 45-55% with a dehumidifier that drains itself — no buckets to empty",
      "Protects floor joists, subfloor and sill plates from mold, wood rot and sagging",
      "Eliminates the musty odor that rises into your living space and improves indoor air quality",
      "Lowers heating and cooling costs by keeping humid outside air away from ductwork and floors",
      "Makes the crawl space far less inviting to crickets, rodents and wood-destroying insects",
      "Gives you a clean, bright space for storage and for service visits by plumbers and HVAC techs",
      "Answers the crawl space questions that come up in home inspections when you sell",
    ],
    warningSigns: [
      "A musty or earthy smell inside the house, especially on humid summer days",
      "Standing water, puddles or damp soil under the home after rain",
      "Bouncy, sagging or unusually cold floors",
      "White, green or black growth on floor joists or the underside of the subfloor",
      "Fiberglass insulation that is wet, sagging or lying on the ground",
      "Condensation dripping from ductwork or water pipes",
      "A torn, thin or missing vapor barrier",
    ],
    processSteps: [
      {
        title: "Crawl Space Inspection",
        description:
          "We measure humidity and the moisture content of your framing, look for standing water, mold, damaged insulation and pest activity, and photograph everything so you see exactly what we see.",
      },
      {
        title: "Preparation & Repairs",
        description:
          "We clear debris and wet insulation, fix any water entry with drainage or a sump pump, treat mold on the wood, and seal the foundation vents, rim joists and plumbing penetrations.",
      },
      {
        title: "Encapsulation & Dehumidifier",
        description:
          "We install the 20-mil liner across the floor, up the walls and around the piers, tape every seam, add an insulated access door and set the dehumidifier to hold 45-55% relative humidity.",
      },
    ],
    relatedServices: ["insulation-dehumidification", "mold-remediation", "sump-pump"],
    serviceType: "Crawl Space Encapsulation",
    keywords: [
      "crawl space encapsulation Asheville",
      "crawl space vapor barrier",
      "20 mil vapor barrier",
      "sealed crawl space",
      "crawl space dehumidifier",
    ],
  },
  {
    id: "basement-waterproofing",
    name: "Basement Waterproofing",
    headline: "Basement Waterproofing in Asheville, NC",
    metaDescription:
      "Basement waterproofing in Asheville, NC: interior drains, sump pumps, wall membranes and crack repair built for mountain clay soils. Free estimates.",
    intro:
      "On a hillside lot, rain that falls uphill of your house heads straight for the foundation. Our dense clay soil drains slowly and holds that water against basement walls, where it builds hydrostatic pressure and pushes through cracks, porous block and the cove joint where the wall meets the floor. Waterproof paint and sealers can't hold back that pressure for long. We fix wet basements by managing the water instead: an interior perimeter drain relieves the pressure and carries water to a sump pump, dimpled membranes keep the walls dry, and where it makes sense we excavate and waterproof the outside of the foundation.",
    benefits: [
      "Relieves hydrostatic pressure instead of trying to seal it in",
      "Turns a damp, unusable basement into dry storage or finished living space",
      "Protects finished walls, flooring, furnaces, water heaters and everything you store",
      "Stops efflorescence, peeling paint and the musty basement smell",
      "Protects the foundation from years of water damage and freeze-thaw wear",
      "Each system is designed around your lot — interior, exterior or both",
      "Adds value and peace of mind when it's time to sell",
    ],
    warningSigns: [
      "Water on the basement floor after heavy rain or snowmelt",
      "A damp or stained line where the wall meets the floor",
      "White, chalky deposits (efflorescence) on block or concrete walls",
      "Peeling or bubbling paint and crumbling mortar",
      "Cracks in walls or floor that seep or grow wider",
      "Rust on the bottoms of appliances, metal shelving or support posts",
      "A musty smell or mold on drywall, carpet or baseboards",
    ],
    processSteps: [
      {
        title: "Inspection & Water Mapping",
        description:
          "We find where the water is getting in and why, checking walls, floor, cracks, grading, gutters and downspouts, and we explain the options in plain language.",
      },
      {
        title: "A System Designed for Your Home",
        description:
          "Based on your lot and foundation we recommend the right mix of interior drain tile, sump pump, wall membrane, crack repair and exterior drainage, with a clear written estimate.",
      },
      {
        title: "Installation & Water Test",
        description:
          "We open the floor along the walls, lay perforated pipe in washed stone, install the wall membrane and sump, pour new concrete, clean up and run water through the system to prove it works.",
      },
    ],
    relatedServices: ["sump-pump", "french-drain", "mold-remediation"],
    serviceType: "Basement Waterproofing",
    keywords: [
      "basement waterproofing Asheville",
      "wet basement repair",
      "interior drain tile",
      "basement crack repair",
      "foundation waterproofing NC",
    ],
  },
  {
    id: "mold-remediation",
    name: "Mold Remediation",
    headline: "Mold Remediation in Asheville, NC",
    metaDescription:
      "Mold remediation in Asheville, NC for crawl spaces and basements: containment, HEPA filtration, cleaning and the moisture fixes that stop regrowth.",
    intro:
      "Mold needs three things: moisture, something to eat and mild temperatures. A damp crawl space or basement full of wood framing gives it all three, and our humid mountain summers do the rest. Spraying bleach on the joists might change the color, but it won't stop mold that is still being fed by moisture. Our remediation follows established industry practice: we contain the work area, filter the air, physically remove and treat the growth, and — most importantly — correct the moisture problem that caused it so it doesn't come back.",
    benefits: [
      "Healthier indoor air for family members with allergies or asthma",
      "Removes the musty odor at its source instead of masking it",
      "Containment and HEPA air scrubbers keep spores from spreading to the rest of the house",
      "Protects floor joists, subfloor and sill plates from decay",
      "Fixes the moisture source, so you aren't paying for the same job again in two years",
      "Before-and-after documentation for your records or a home sale",
    ],
    warningSigns: [
      "A musty, earthy smell that gets worse in humid weather",
      "Black, green or white fuzzy growth on joists, subfloor or basement walls",
      "Allergy symptoms that ease when you leave the house",
      "Water stains, a recent leak or past flooding under the home",
      "Soft, darkened or flaking wood in the crawl space",
      "Condensation on ductwork, pipes or basement windows",
    ],
    processSteps: [
      {
        title: "Mold & Moisture Assessment",
        description:
          "We map how far the growth has spread, take moisture readings in the framing and find the water or humidity source that is feeding it.",
      },
      {
        title: "Containment & Removal",
        description:
          "We seal off the work area, run HEPA air scrubbers under negative pressure, remove contaminated insulation, clean the wood and apply an antimicrobial treatment.",
      },
      {
        title: "Moisture Correction & Prevention",
        description:
          "We fix the cause — a vapor barrier, drainage or a dehumidifier holding 45-55% humidity — then verify the area is clean and dry before we leave.",
      },
    ],
    relatedServices: ["crawl-space-encapsulation", "insulation-dehumidification", "basement-waterproofing"],
    serviceType: "Mold Remediation",
    keywords: [
      "mold remediation Asheville",
      "crawl space mold removal",
      "basement mold",
      "musty smell in house",
      "mold removal Western NC",
    ],
  },
  {
    id: "sump-pump",
    name: "Sump Pump Installation",
    headline: "Sump Pump Installation in Asheville, NC",
    metaDescription:
      "Sump pump installation and replacement in Asheville, NC: submersible pumps, battery backups and alarms that keep working through mountain storms.",
    intro:
      "A sump pump is the heart of any basement or crawl space drainage system: the drains collect the water, and the pump sends it away from your home. In the mountains our heaviest storms — summer downpours and the remnants of tropical systems — often arrive with power outages, which is exactly when a pump without a backup stops working. We install sealed sump systems with a quality submersible pump, a check valve, a battery backup and a high-water alarm, and we route the discharge well away from your foundation so the same water doesn't come right back.",
    benefits: [
      "Removes water before it reaches your floor or soaks the crawl space",
      "Battery backup keeps pumping when storms knock out the power",
      "A high-water alarm warns you before a problem becomes a flood",
      "A sealed, airtight lid keeps humid air, odors and soil gases out of the house",
      "Discharge lines sized, sloped and routed well away from the foundation",
      "Works with interior drains, crawl space drains and French drains",
      "Replacement of old, noisy or failed pumps with equipment that lasts",
    ],
    warningSigns: [
      "The pump runs constantly or cycles on and off every few minutes",
      "Your pump is more than 7 to 10 years old",
      "Grinding, rattling or humming noises from the pit",
      "Water standing in the pit that isn't being pumped out",
      "No battery backup, or a backup battery that has never been replaced",
      "The discharge pipe empties right beside the house",
      "Standing water in the basement or crawl space after storms",
    ],
    processSteps: [
      {
        title: "Drainage Assessment",
        description:
          "We look at how much water you're dealing with, find the low point for the pit and plan a discharge route that carries water away from the house and your neighbors.",
      },
      {
        title: "Pit, Pump & Backup Installation",
        description:
          "We set a perforated basin in washed stone, install the submersible pump with a check valve, add a battery backup and alarm, and close the pit with an airtight lid.",
      },
      {
        title: "Testing & Walkthrough",
        description:
          "We fill the pit to test the primary pump, the backup and the alarm, then show you how to check the system yourself and what to listen for.",
      },
    ],
    relatedServices: ["basement-waterproofing", "french-drain", "crawl-space-encapsulation"],
    serviceType: "Sump Pump Installation",
    keywords: [
      "sump pump installation Asheville",
      "sump pump replacement",
      "battery backup sump pump",
      "crawl space sump pump",
      "basement sump pump NC",
    ],
  },
  {
    id: "french-drain",
    name: "French Drain Systems",
    headline: "French Drain Installation in Asheville, NC",
    metaDescription:
      "French drain installation in Asheville, NC: perforated pipe, washed stone and filter fabric that carry groundwater away from your foundation and yard.",
    intro:
      "Homes built into our hillsides catch the runoff from everything above them, and red clay soil sheds water slowly. The result is soggy lawns, water running toward the foundation and wet basement walls on the uphill side. A properly built French drain intercepts that water before it reaches your house. We dig a sloped trench, line it with non-woven filter fabric, bed a perforated pipe in clean washed stone and carry the water to a safe outlet — daylight downhill, a dry well or a sump. Roof water from downspouts runs in its own solid pipe, so a summer downpour never overwhelms the drain.",
    benefits: [
      "Intercepts groundwater and runoff before it reaches the foundation",
      "Dries out soggy yards and low spots that stay wet for days",
      "Reduces hydrostatic pressure on basement and crawl space walls",
      "Protects driveways, walkways and landscaping from erosion and washouts",
      "Filter fabric and washed stone keep silt out of the pipe for a long service life",
      "Cleanouts make the system easy to inspect and flush",
      "Downspouts are routed separately in solid pipe so roof water never overloads the drain",
    ],
    warningSigns: [
      "Puddles that remain in the yard a day or more after rain",
      "Water running across the lawn toward the house during storms",
      "Damp walls or seepage on the uphill side of the basement or crawl space",
      "Erosion, washouts or mulch carried away along the foundation",
      "Moss, mildew or staining at the base of siding",
      "Downspouts that empty right next to the foundation",
    ],
    processSteps: [
      {
        title: "Site Evaluation",
        description:
          "We study how water moves across your property, check the grade with a laser level and have underground utilities marked through NC 811 before any digging.",
      },
      {
        title: "Design & Excavation",
        description:
          "We lay out the route, depth and outlet, then dig the trench with a steady fall of at least 1/8 inch per foot and line it with filter fabric.",
      },
      {
        title: "Installation & Restoration",
        description:
          "We bed the perforated pipe in washed stone, add cleanouts, wrap and backfill the trench, and restore the lawn or landscaping when we're done.",
      },
    ],
    relatedServices: ["basement-waterproofing", "sump-pump", "crawl-space-encapsulation"],
    serviceType: "French Drain Installation",
    keywords: [
      "French drain Asheville",
      "yard drainage",
      "French drain installation NC",
      "foundation drainage",
      "hillside drainage solutions",
    ],
  },
  {
    id: "insulation-dehumidification",
    name: "Insulation & Dehumidification",
    headline: "Crawl Space Insulation & Dehumidification in Asheville, NC",
    metaDescription:
      "Crawl space insulation and dehumidifiers in Asheville, NC that hold humidity at 45-55%, warm your floors and lower energy bills. Free estimates.",
    intro:
      "Fiberglass batts stapled between floor joists are the standard in older Western NC homes, and in a damp crawl space they soak up moisture, sag, fall to the ground and become nests for rodents. A sealed crawl space is insulated differently: we remove the failing batts, air-seal the rim joists and insulate the foundation walls with fire-rated rigid foam, so the crawl space stays close to the temperature of your home. Then a high-efficiency dehumidifier holds the relative humidity at 45-55%, well below the level where mold and wood-decay fungi thrive, and drains itself through a condensate line.",
    benefits: [
      "Warmer floors in winter and a more comfortable house year-round",
      "Lower heating and cooling bills with sealed rim joists and insulated walls",
      "Relative humidity held at 45-55%, keeping mold and wood rot in check",
      "No more wet, sagging fiberglass hanging from the joists",
      "Energy Star rated dehumidifiers that drain automatically to a sump or outside",
      "Less condensation on ductwork, so your HVAC system works more efficiently",
      "Optional humidity monitoring so you can check crawl space conditions from your phone",
    ],
    warningSigns: [
      "Cold floors in winter, especially over the crawl space",
      "High energy bills compared with similar homes",
      "Fiberglass insulation sagging, falling or lying on the ground",
      "A sticky, clammy feel inside the house in summer",
      "Indoor humidity regularly above 60%",
      "Condensation or rust on ducts, pipes and metal hangers",
    ],
    processSteps: [
      {
        title: "Energy & Moisture Assessment",
        description:
          "We measure humidity and temperature, check the condition of your insulation and ductwork and find the air leaks around rim joists, vents and penetrations.",
      },
      {
        title: "Removal & Air Sealing",
        description:
          "We bag and remove old fiberglass, then seal the rim joists, vents and plumbing and wiring penetrations with spray foam and sealants.",
      },
      {
        title: "Insulation & Dehumidifier Setup",
        description:
          "We install fire-rated rigid foam on the foundation walls, size and install the dehumidifier with a condensate drain, and set it to hold 45-55% relative humidity.",
      },
    ],
    relatedServices: ["crawl-space-encapsulation", "mold-remediation"],
    serviceType: "Crawl Space Insulation and Dehumidification",
    keywords: [
      "crawl space insulation Asheville",
      "crawl space dehumidifier",
      "rim joist insulation",
      "crawl space humidity 45-55%",
      "energy efficient crawl space",
    ],
  },
];

export function getServiceDetail(id: string): ServiceDetail | undefined {
  return serviceDetails.find((detail) => detail.id === id);
}
