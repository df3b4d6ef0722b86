export interface ServiceArea {
  region: string;
  locations: string[];
}

export const serviceAreas: ServiceArea[] = [
  {
    region: 'Milwaukee County',
    locations: [
      'Milwaukee',
      'West Allis',
      'Wauwatosa',
      'Greenfield',
      'Oak Creek',
      'Franklin',
      'South Milwaukee',
      'Cudahy',
      'Glendale',
      'St. Francis',
    ],
  },
  {
    region: 'Waukesha County',
    locations: [
      'Waukesha',
      'Brookfield',
      'New Berlin',
      'Menomonee Falls',
      'Muskego',
      'Oconomowoc',
      'Pewaukee',
      'Delafield',
      'Sussex',
      'Hartland',
    ],
  },
];
